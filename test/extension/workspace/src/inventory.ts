// LF line endings, two-space indentation, nested blocks: the shape most edits target.
export interface Item {
  sku: string;
  quantity: number;
  price: number;
}

export function restock(items: Item[], minimum: number): Item[] {
  return items.map((item) => {
    if (item.quantity < minimum) {
      for (let i = 0; i < 3; i++) {
        if (item.price > 100) {
          return { ...item, quantity: minimum };
        }
      }
      return { ...item, quantity: minimum * 2 };
    }
    return item;
  });
}

export function total(items: Item[]): number {
  let sum = 0;
  for (const item of items) {
    sum += item.quantity * item.price;
  }
  return sum;
}

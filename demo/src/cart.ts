// A shopping cart: two-space indentation, nested blocks, LF line endings.
export interface LineItem {
  sku: string;
  name: string;
  unitPrice: number;
  quantity: number;
}

export interface Coupon {
  code: string;
  percentOff: number;
  minimumTotal: number;
}

export class Cart {
  private readonly items = new Map<string, LineItem>();

  add(item: LineItem): void {
    const existing = this.items.get(item.sku);
    if (existing) {
      existing.quantity += item.quantity;
    } else {
      this.items.set(item.sku, { ...item });
    }
  }

  remove(sku: string): boolean {
    return this.items.delete(sku);
  }

  subtotal(): number {
    let sum = 0;
    for (const item of this.items.values()) {
      sum += item.unitPrice * item.quantity;
    }
    return Math.round(sum * 100) / 100;
  }

  total(coupon?: Coupon): number {
    const subtotal = this.subtotal();
    if (coupon) {
      if (subtotal >= coupon.minimumTotal) {
        if (coupon.percentOff > 0 && coupon.percentOff <= 100) {
          const discount = (subtotal * coupon.percentOff) / 100;
          return Math.round((subtotal - discount) * 100) / 100;
        }
      }
    }
    return subtotal;
  }

  summary(): string {
    const lines: string[] = [];
    for (const item of this.items.values()) {
      lines.push(`${item.quantity} x ${item.name}`);
    }
    lines.push(`Total: ${this.total().toFixed(2)}`);
    return lines.join('\n');
  }
}

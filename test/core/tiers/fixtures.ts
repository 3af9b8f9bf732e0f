// A small function the tier tests edit: six distinct lines, enough for every tier's evidence rules.
export const APPLY_DISCOUNT: readonly string[] = [
  'function applyDiscount(order, rate) {',
  '  const subtotal = order.subtotal();',
  '  const discount = subtotal * rate;',
  '  log("discount", discount);',
  '  return subtotal - discount;',
  '}',
];

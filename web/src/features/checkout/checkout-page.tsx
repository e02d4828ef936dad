export function CheckoutPage() {
  return <h1 className="p-8 text-2xl font-bold">CheckoutPage</h1>;
}

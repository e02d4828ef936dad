export function ShippingPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Shipping Policy</h1>
    </main>
  );
}

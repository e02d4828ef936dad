export function StoragePage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Cloud Storage</h1>
    </main>
  );
}

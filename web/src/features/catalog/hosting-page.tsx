export function HostingPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Web Hosting Plans</h1>
    </main>
  );
}

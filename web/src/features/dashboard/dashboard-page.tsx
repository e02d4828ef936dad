export function DashboardPage() {
  return <h1 className="p-8 text-2xl font-bold">DashboardPage</h1>;
}

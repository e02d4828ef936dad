export function LoginPage() {
  return <h1 className="p-8 text-2xl font-bold">LoginPage</h1>;
}

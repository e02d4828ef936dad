export function SignupPage() {
  return <h1 className="p-8 text-2xl font-bold">SignupPage</h1>;
}

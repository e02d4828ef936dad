import { shippingPolicy as policy } from '../../content/policies';
import { PolicyDocument } from './components/policy-document';

export function ShippingPage() {
  return (
    <PolicyDocument title={policy.title} lastUpdated={policy.lastUpdated} intro={policy.intro}>
      <div className="mt-10 grid gap-4 sm:grid-cols-3">
        {policy.information.map((item) => (
          <section key={item.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
            <h2 className="font-semibold text-slate-900">{item.title}</h2>
            <p className="mt-2 text-sm text-slate-700">{item.text}</p>
          </section>
        ))}
      </div>
      <section aria-labelledby="shipping-terms" className="mt-12">
        <h2 id="shipping-terms" className="text-2xl font-bold text-slate-900">
          {policy.termsTitle}
        </h2>
        <ol className="mt-6 list-decimal space-y-3 pl-6 text-slate-700 marker:font-semibold marker:text-brand-700">
          {policy.terms.map((term) => (
            <li key={term} className="pl-1 leading-relaxed">
              {term}
            </li>
          ))}
        </ol>
      </section>
      <p className="mt-10 text-slate-700">{policy.contact}</p>
    </PolicyDocument>
  );
}

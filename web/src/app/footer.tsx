import { Link } from 'react-router';
import { Container } from '../components/container';
import { footer, siteName } from '../content/layout';

const paymentIcons: Record<string, string> = {
  cards:
    'M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5zM3 9.5h18M6.5 15h4',
  upi: 'M7 4l6 8-6 8M13 4l6 8-6 8',
  netbanking: 'M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18',
  wallets:
    'M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3M4 7.5V17a2 2 0 0 0 2 2h14v-11H6.5A2.5 2.5 0 0 1 4 7.5zM16 13.5h1.5',
};

export function Footer() {
  return (
    <footer className="mt-auto bg-slate-950 text-slate-300">
      <Container className="py-12">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div>
            <p className="text-lg font-bold text-white">{siteName}</p>
            <p className="mt-3 max-w-sm text-sm leading-6 text-slate-400">{footer.tagline}</p>
            <address className="mt-4 text-sm leading-6 text-slate-400 not-italic">
              <a className="hover:text-white" href={`mailto:${footer.contact.email}`}>
                {footer.contact.email}
              </a>
              <br />
              <a className="hover:text-white" href={footer.contact.phoneHref}>
                {footer.contact.phone}
              </a>{' '}
              <span className="text-xs">({footer.phoneNote})</span>
              <br />
              {footer.grievance.title}: {footer.grievance.name},{' '}
              <a className="hover:text-white" href={`mailto:${footer.grievance.email}`}>
                {footer.grievance.email}
              </a>
            </address>
          </div>
          {footer.columns.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
                {column.title}
              </h2>
              <ul className="mt-4 space-y-2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm text-slate-400 hover:text-white">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-10 border-t border-slate-800 pt-8">
          <h2 className="text-sm font-semibold text-white">{footer.paymentsTitle}</h2>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={footer.paymentsTitle}>
            {footer.paymentMethods.map((method) => (
              <li
                key={method.id}
                className="flex items-center gap-2 rounded-md border border-slate-700 bg-slate-900 px-3 py-1.5 text-sm font-medium text-slate-200"
              >
                <svg
                  viewBox="0 0 24 24"
                  className="h-4 w-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d={paymentIcons[method.id]} />
                </svg>
                {method.label}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-slate-400">{footer.paymentsNote}</p>
          {footer.sampleNotice ? (
            <p className="mt-6 text-xs text-amber-200">{footer.sampleNotice}</p>
          ) : null}
          <p className="mt-6 text-xs text-slate-400">
            {footer.copyright(new Date().getFullYear())}
          </p>
        </div>
      </Container>
    </footer>
  );
}

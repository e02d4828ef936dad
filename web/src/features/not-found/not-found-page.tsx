import { Link } from 'react-router';
import { ButtonLink } from '../../components/button';
import { Container } from '../../components/container';
import { notFoundCopy } from '../../content/layout';

export function NotFoundPage() {
  return (
    <Container className="py-20 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {notFoundCopy.code}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {notFoundCopy.title}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-slate-600">{notFoundCopy.body}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/" variant="primary" size="lg">
          {notFoundCopy.home}
        </ButtonLink>
        <ButtonLink to="/pricing" variant="secondary" size="lg">
          {notFoundCopy.plans}
        </ButtonLink>
      </div>
      <nav aria-label={notFoundCopy.popularTitle} className="mx-auto mt-12 max-w-2xl">
        <h2 className="text-sm font-semibold text-slate-900">{notFoundCopy.popularTitle}</h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {notFoundCopy.links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block rounded-lg border border-slate-200 px-4 py-3 text-sm font-medium text-brand-700 hover:border-brand-600 hover:bg-brand-50"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Container>
  );
}

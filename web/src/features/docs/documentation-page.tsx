import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Container } from '../../components/container';
import { Icon } from '../../components/marketing-icons';
import { PageHeader } from '../../components/page-header';
import { docsPage as page } from '../../content/docs';
import { searchDocs } from './search-docs';

export function DocumentationPage() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string>(page.topics[0]?.id ?? '');
  const results = searchDocs(page.topics, query);
  const current = results.find((r) => r.topic.id === selectedId) ?? results[0];
  const searching = query.trim() !== '';

  return (
    <>
      <PageHeader eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[18rem_1fr]">
        <aside aria-label={page.topicsHeading} className="lg:sticky lg:top-24 lg:self-start">
          <div role="search">
            <label htmlFor={searchId} className="block text-sm font-semibold text-slate-800">
              {page.searchLabel}
            </label>
            <div className="relative mt-2">
              <Icon
                name="search"
                className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-400"
              />
              <input
                id={searchId}
                type="search"
                value={query}
                placeholder={page.searchPlaceholder}
                onChange={(event) => setQuery(event.target.value)}
                className="w-full rounded-xl border border-slate-300 bg-white py-2.5 pr-3 pl-10 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus-visible:outline-brand-500"
              />
            </div>
          </div>
          <p role="status" className="mt-3 text-xs text-slate-600">
            {searching ? (results.length > 0 ? page.resultsCount(results.length) : '') : ''}
          </p>
          <nav aria-label={page.topicsHeading} className="mt-3">
            <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {page.topicsHeading}
            </h2>
            <ul className="mt-2 space-y-1">
              {results.map(({ topic }) => {
                const active = topic.id === current?.topic.id;
                return (
                  <li key={topic.id}>
                    <button
                      type="button"
                      aria-current={active ? 'true' : undefined}
                      onClick={() => setSelectedId(topic.id)}
                      className={`w-full rounded-lg px-3 py-2 text-left text-sm font-medium ${
                        active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
                      }`}
                    >
                      {topic.title}
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
        </aside>

        <div className="min-w-0">
          {current ? (
            <article aria-labelledby={`doc-${current.topic.id}`}>
              <h2
                id={`doc-${current.topic.id}`}
                className="text-2xl font-bold text-slate-900 sm:text-3xl"
              >
                {current.topic.title}
              </h2>
              <p className="mt-2 text-slate-600">{current.topic.summary}</p>
              <div className="mt-8 space-y-6">
                {current.sections.map((section) => (
                  <section
                    key={section.id}
                    aria-labelledby={`doc-${current.topic.id}-${section.id}`}
                    className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                  >
                    <h3
                      id={`doc-${current.topic.id}-${section.id}`}
                      className="text-lg font-semibold text-slate-900"
                    >
                      {section.title}
                    </h3>
                    <p className="mt-2 leading-relaxed text-slate-700">{section.body}</p>
                  </section>
                ))}
              </div>
            </article>
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
              {page.noResults(query.trim())}
            </p>
          )}

          <div className="mt-12 grid gap-6 md:grid-cols-2">
            <section aria-labelledby="docs-help" className="rounded-2xl bg-brand-50 p-6">
              <h2 id="docs-help" className="text-lg font-semibold text-slate-900">
                {page.help.title}
              </h2>
              <p className="mt-2 text-sm text-slate-700">{page.help.text}</p>
            </section>
            <nav aria-labelledby="docs-links" className="rounded-2xl border border-slate-200 p-6">
              <h2 id="docs-links" className="text-lg font-semibold text-slate-900">
                {page.quickLinksTitle}
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {page.quickLinks.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="inline-flex items-center gap-1 font-medium text-brand-700 hover:text-brand-800"
                    >
                      <Icon name="arrowRight" className="h-4 w-4" />
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </Container>
    </>
  );
}

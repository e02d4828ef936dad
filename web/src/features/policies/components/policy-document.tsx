import type { ReactNode } from 'react';
import type { PolicySection } from '../../../content/policies';

export interface PolicyDocumentProps {
  title: string;
  lastUpdated: string;
  intro: string;
  sections?: readonly PolicySection[];
  children?: ReactNode;
}

/** A legal page: title, last-updated date, and numbered sections in an ordered list. */
export function PolicyDocument({
  title,
  lastUpdated,
  intro,
  sections,
  children,
}: PolicyDocumentProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8 py-12 sm:py-16">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h1>
        <p className="mt-3 text-sm text-slate-600">Last updated: {lastUpdated}</p>
        <p className="mt-6 text-lg text-slate-700">{intro}</p>
      </header>
      {sections ? <PolicySections sections={sections} /> : null}
      {children}
    </div>
  );
}

export function PolicySections({ sections }: { sections: readonly PolicySection[] }) {
  return (
    <ol className="mt-10 space-y-10">
      {sections.map((section, index) => (
        <li key={section.title}>
          <section aria-labelledby={`policy-${index + 1}`}>
            <h2 id={`policy-${index + 1}`} className="text-xl font-bold text-slate-900">
              <span className="mr-2 text-brand-700">{index + 1}.</span>
              {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.list ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700 marker:text-brand-600">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        </li>
      ))}
    </ol>
  );
}

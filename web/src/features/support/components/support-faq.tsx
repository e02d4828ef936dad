import { useId, useState } from 'react';
import { supportPage } from '../../../content/support';

/**
 * The support FAQ: five categories, and only one answer open at a time across all of them
 * (as in the reference product), so the state lives here rather than in each category's list.
 */
export function SupportFaq() {
  const baseId = useId();
  const [openKey, setOpenKey] = useState<string | null>(null);

  return (
    <div className="grid gap-10">
      {supportPage.faqCategories.map((category) => (
        <section key={category.id} aria-labelledby={`${baseId}-${category.id}`}>
          <h2 id={`${baseId}-${category.id}`} className="text-xl font-bold text-slate-900">
            {category.title}
          </h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {category.items.map((item, index) => {
              const key = `${category.id}-${index}`;
              const isOpen = openKey === key;
              const buttonId = `${baseId}-${key}-q`;
              const panelId = `${baseId}-${key}-a`;
              return (
                <div key={key}>
                  <h3>
                    <button
                      id={buttonId}
                      type="button"
                      aria-expanded={isOpen}
                      aria-controls={panelId}
                      onClick={() => setOpenKey(isOpen ? null : key)}
                      className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-offset-[-3px]"
                    >
                      <span>{item.question}</span>
                      <span
                        aria-hidden="true"
                        className="w-6 shrink-0 text-center text-2xl leading-none font-normal text-brand-700"
                      >
                        {isOpen ? '−' : '+'}
                      </span>
                    </button>
                  </h3>
                  <div
                    id={panelId}
                    role="region"
                    aria-labelledby={buttonId}
                    hidden={!isOpen}
                    className="px-5 pb-5 text-slate-700"
                  >
                    <p className="leading-relaxed">{item.answer}</p>
                  </div>
                </div>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}

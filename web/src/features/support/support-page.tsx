import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/marketing-icons';
import type { IconName } from '../../components/marketing-icons';
import { PageHeader } from '../../components/page-header';
import { supportPage as page } from '../../content/support';
import type { SupportTabId } from '../../content/support';
import { SupportFaq } from './components/support-faq';
import { Tabs } from './components/tabs';

export function SupportPage() {
  const [tab, setTab] = useState<SupportTabId>('faq');
  return (
    <>
      <PageHeader eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <div className="mx-auto w-full max-w-5xl px-4 sm:px-6 lg:px-8 py-12 sm:py-16">
        <Tabs
          label="Support topics"
          idPrefix="support"
          tabs={page.tabs}
          selected={tab}
          onSelect={setTab}
          renderPanel={(id) =>
            id === 'faq' ? (
              <SupportFaq />
            ) : id === 'services' ? (
              <Services />
            ) : id === 'getting-started' ? (
              <Guides />
            ) : (
              <ContactUs />
            )
          }
        />
      </div>
    </>
  );
}

function Services() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {page.services.map((service) => (
        <li
          key={service.title}
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
            <Icon name={service.icon as IconName} />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h2>
          <p className="mt-2 flex-1 text-sm text-slate-600">{service.text}</p>
          <Link
            to={service.link.to}
            className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
          >
            {service.link.label}
            <Icon name="arrowRight" className="h-4 w-4" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Guides() {
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      {page.guides.map((guide) => (
        <section
          key={guide.id}
          aria-labelledby={`guide-${guide.id}`}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id={`guide-${guide.id}`} className="text-lg font-semibold text-slate-900">
            {guide.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{guide.intro}</p>
          <ol className="mt-5 space-y-3">
            {guide.steps.map((step, index) => (
              <li key={step} className="flex gap-3 text-sm text-slate-700">
                <span
                  aria-hidden="true"
                  className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function ContactUs() {
  const c = page.contact;
  return (
    <div>
      <h2 className="text-2xl font-bold text-slate-900">{c.title}</h2>
      <p className="mt-2 text-slate-600">{c.lead}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <Icon name="phone" className="h-7 w-7 text-brand-700" />
          <h3 className="mt-3 font-semibold text-slate-900">{c.phoneLabel}</h3>
          <a
            href={c.phoneHref}
            className="mt-1 block font-medium text-brand-700 hover:text-brand-800"
          >
            {c.phone}
          </a>
          <p className="mt-2 text-sm text-slate-600">{c.phoneNote}</p>
        </li>
        <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <Icon name="mail" className="h-7 w-7 text-brand-700" />
          <h3 className="mt-3 font-semibold text-slate-900">{c.emailLabel}</h3>
          <a
            href={`mailto:${c.email}`}
            className="mt-1 block font-medium break-all text-brand-700 hover:text-brand-800"
          >
            {c.email}
          </a>
        </li>
        <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <Icon name="shield" className="h-7 w-7 text-brand-700" />
          <h3 className="mt-3 font-semibold text-slate-900">{c.grievanceLabel}</h3>
          <p className="mt-1 font-medium text-slate-900">{c.grievanceName}</p>
          <a
            href={`mailto:${c.grievanceEmail}`}
            className="mt-1 block font-medium break-all text-brand-700 hover:text-brand-800"
          >
            {c.grievanceEmail}
          </a>
          <p className="mt-2 text-sm text-slate-600">{c.grievanceNote}</p>
        </li>
      </ul>
      <div className="mt-8 flex gap-4 rounded-2xl border border-accent-200 bg-accent-50 p-6">
        <Icon name="alert" className="h-7 w-7 shrink-0 text-accent-700" />
        <div>
          <h3 className="font-semibold text-accent-900">{c.urgentTitle}</h3>
          <p className="mt-1 text-sm text-accent-900">{c.urgent}</p>
        </div>
      </div>
      <p className="mt-8">
        <Link
          to={c.formLink.to}
          className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          {c.formLink.label}
        </Link>
      </p>
    </div>
  );
}

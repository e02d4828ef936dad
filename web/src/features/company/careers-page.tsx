import { Container } from '../../components/container';
import { PageHeader } from '../../components/page-header';
import { SectionHeading } from '../../components/section-heading';
import { careersPage as page } from '../../content/company';

export function CareersPage() {
  return (
    <>
      <PageHeader eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <section aria-labelledby="careers-perks" className="py-12 sm:py-16">
        <Container>
          <SectionHeading id="careers-perks" title={page.perks.title} />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {page.perks.items.map((perk) => (
              <li
                key={perk.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h3 className="text-lg font-semibold text-slate-900">{perk.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{perk.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <section aria-labelledby="careers-openings" className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto w-full max-w-4xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="careers-openings" title={page.openings.title} />
          <ul className="mt-10 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {page.openings.items.map((job) => (
              <li
                key={job.title}
                className="flex flex-col gap-2 px-6 py-5 sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <h3 className="font-semibold text-slate-900">{job.title}</h3>
                  <p className="text-sm text-slate-600">
                    {job.team} · {job.location}
                  </p>
                </div>
                <p className="text-sm font-medium text-brand-700">{job.type}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 rounded-2xl bg-brand-900 p-8 text-white">
            <h2 className="text-xl font-bold">{page.apply.title}</h2>
            <p className="mt-2 text-brand-100">{page.apply.text}</p>
          </div>
        </div>
      </section>
    </>
  );
}

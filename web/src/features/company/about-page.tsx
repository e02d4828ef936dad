import { ButtonLink } from '../../components/button';
import { Container } from '../../components/container';
import { PageHeader } from '../../components/page-header';
import { SectionHeading } from '../../components/section-heading';
import { aboutPage as page } from '../../content/company';

export function AboutPage() {
  return (
    <>
      <PageHeader eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <Container className="py-12 sm:py-16">
        <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
          {page.stats.map((stat) => (
            <div
              key={stat.label}
              className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
            >
              <dt className="text-sm font-medium text-slate-600">{stat.label}</dt>
              <dd className="mt-1 text-3xl font-extrabold text-brand-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="about-story" className="mx-auto mt-16 max-w-3xl">
          <h2 id="about-story" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {page.story.title}
          </h2>
          {page.story.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-lg leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      </Container>
      <section aria-labelledby="about-values" className="bg-slate-50 py-16 sm:py-20">
        <Container>
          <SectionHeading id="about-values" title={page.values.title} />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {page.values.items.map((value) => (
              <li
                key={value.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{value.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-12 flex flex-col items-center gap-4 text-center text-slate-700 sm:flex-row sm:justify-center">
            {page.cta.text}
            <ButtonLink to={page.cta.to}>{page.cta.label}</ButtonLink>
          </p>
        </Container>
      </section>
    </>
  );
}

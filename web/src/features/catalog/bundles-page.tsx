import { ButtonLink } from '../../components/button';
import { ComparisonTable } from '../../components/comparison-table';
import { Container } from '../../components/container';
import { FaqList } from '../../components/faq-list';
import { Icon } from '../../components/marketing-icons';
import type { IconName } from '../../components/marketing-icons';
import { PageHeader } from '../../components/page-header';
import { SectionHeading } from '../../components/section-heading';
import { TestimonialGrid } from '../../components/testimonials';
import { bundlesPage as page } from '../../content/catalog';
import { bundleFaqs } from '../../content/faqs';
import { testimonials } from '../../content/testimonials';
import { PlanGrid } from './components/plan-grid';

export function BundlesPage() {
  return (
    <>
      <PageHeader eyebrow={page.hero.eyebrow} title={page.hero.title} lead={page.hero.subtitle} />

      <section aria-label={page.hero.eyebrow} className="py-14 sm:py-20">
        <Container>
          <PlanGrid
            category="bundle"
            loadingText={page.loading}
            buttonLabel={page.button}
            showSavings
          >
            {() => (
              <p className="mx-auto mt-10 max-w-3xl text-center text-xs text-slate-500">
                {page.savingsNote}
              </p>
            )}
          </PlanGrid>
        </Container>
      </section>

      <section aria-labelledby="bundle-included" className="bg-slate-50 py-16 sm:py-20">
        <Container>
          <SectionHeading id="bundle-included" title={page.includedTitle} />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {page.included.map((item) => (
              <li
                key={item.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon name={item.icon as IconName} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{item.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="bundle-compare" className="py-16 sm:py-20">
        <div className="mx-auto w-full max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="bundle-compare" title={page.comparisonTitle} />
          <div className="mt-10">
            <ComparisonTable
              caption={page.comparisonTitle}
              columns={page.comparisonColumns}
              rows={page.comparisonRows}
              highlight="standardbundle"
            />
          </div>
        </div>
      </section>

      <TestimonialGrid title={page.testimonialsTitle} testimonials={testimonials.bundle} />

      <section aria-labelledby="bundle-faq" className="py-16 sm:py-20">
        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="bundle-faq" title={page.faqTitle} />
          <FaqList className="mt-10" idPrefix="bundle-faq" items={bundleFaqs} indicator="chevron" />
        </div>
      </section>

      <section aria-labelledby="bundle-cta" className="pb-20">
        <Container>
          <div className="rounded-3xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
            <h2 id="bundle-cta" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {page.cta.title}
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-brand-100">{page.cta.text}</p>
            <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
              <ButtonLink to={page.cta.primary.to} variant="accent" size="lg">
                {page.cta.primary.label}
              </ButtonLink>
              <ButtonLink to={page.cta.secondary.to} variant="inverse" size="lg">
                {page.cta.secondary.label}
              </ButtonLink>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}

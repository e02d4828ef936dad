import { Link } from 'react-router';
import { ComparisonTable } from '../../components/comparison-table';
import { Container } from '../../components/container';
import { FaqList } from '../../components/faq-list';
import { PageHeader } from '../../components/page-header';
import { SectionHeading } from '../../components/section-heading';
import { TestimonialGrid } from '../../components/testimonials';
import { domainPlansPage as page } from '../../content/catalog';
import { domainFaqs } from '../../content/faqs';
import { testimonials } from '../../content/testimonials';
import { PlanGrid } from './components/plan-grid';

export function DomainPlansPage() {
  return (
    <>
      <PageHeader eyebrow={page.eyebrow} title={page.title} lead={page.subtitle}>
        <p className="mt-6 text-sm text-slate-700">
          {page.searchPrompt.text}{' '}
          <Link
            to={page.searchPrompt.link.to}
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            {page.searchPrompt.link.label}
          </Link>
        </p>
      </PageHeader>

      <section aria-label={page.title} className="py-14 sm:py-20">
        <Container>
          {/* D21: a domain is bought by its name, so BUY NOW goes to the search with the plan. */}
          <PlanGrid
            category="domain"
            loadingText={page.loading}
            buttonLabel={page.button}
            hrefFor={(plan) => `/domains?plan=${encodeURIComponent(plan.id)}`}
          />
        </Container>
      </section>

      <section aria-labelledby="domain-compare" className="pb-16 sm:pb-20">
        <div className="mx-auto w-full max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="domain-compare" title={page.comparisonTitle} />
          <div className="mt-10">
            <ComparisonTable
              caption={page.comparisonTitle}
              columns={page.comparisonColumns}
              rows={page.comparisonRows}
              highlight="premiumdomain"
            />
          </div>
        </div>
      </section>

      <TestimonialGrid title={page.testimonialsTitle} testimonials={testimonials.domain} />

      <section aria-labelledby="domain-faq" className="py-16 sm:py-20">
        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="domain-faq" title={page.faqTitle} />
          <FaqList className="mt-10" idPrefix="domain-faq" items={domainFaqs} indicator="chevron" />
        </div>
      </section>
    </>
  );
}

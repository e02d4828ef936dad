import { Container } from '../../components/container';
import { FaqList } from '../../components/faq-list';
import { Icon } from '../../components/marketing-icons';
import { PageHeader } from '../../components/page-header';
import { SectionHeading } from '../../components/section-heading';
import { hostingPage } from '../../content/catalog';
import { hostingFaqs } from '../../content/faqs';
import { PlanGrid } from './components/plan-grid';

export function HostingPage() {
  return (
    <>
      <PageHeader
        eyebrow={hostingPage.eyebrow}
        title={hostingPage.title}
        lead={hostingPage.subtitle}
      >
        <ul className="mt-8 flex flex-wrap justify-center gap-3 text-sm font-medium text-slate-700">
          {hostingPage.highlights.map((item) => (
            <li
              key={item}
              className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 shadow-sm"
            >
              <Icon name="check" className="h-4 w-4 text-green-700" />
              {item}
            </li>
          ))}
        </ul>
      </PageHeader>

      <section aria-label={hostingPage.title} className="py-14 sm:py-20">
        <Container>
          <PlanGrid
            category="hosting"
            loadingText={hostingPage.loading}
            buttonLabel={hostingPage.button}
          />
        </Container>
      </section>

      <section aria-labelledby="hosting-faq" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="hosting-faq"
            title={hostingPage.faqTitle}
            subtitle={hostingPage.faqLead}
          />
          <FaqList
            className="mt-10"
            idPrefix="hosting-faq"
            items={hostingFaqs}
            indicator="plus-minus"
          />
        </div>
      </section>
    </>
  );
}

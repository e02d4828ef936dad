import { Container } from '../../components/container';
import { FaqList } from '../../components/faq-list';
import { PageHeader } from '../../components/page-header';
import { SectionHeading } from '../../components/section-heading';
import { storagePage } from '../../content/catalog';
import { storageFaqs } from '../../content/faqs';
import { PlanGrid } from './components/plan-grid';

export function StoragePage() {
  return (
    <>
      <PageHeader
        eyebrow={storagePage.eyebrow}
        title={storagePage.title}
        lead={storagePage.subtitle}
      />

      <section aria-label={storagePage.title} className="py-14 sm:py-20">
        <Container>
          <PlanGrid
            category="storage"
            loadingText={storagePage.loading}
            buttonLabel={storagePage.button}
          />
        </Container>
      </section>

      <section aria-labelledby="storage-faq" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="storage-faq" title={storagePage.faqTitle} />
          <FaqList className="mt-10" idPrefix="storage-faq" items={storageFaqs} />
        </div>
      </section>
    </>
  );
}

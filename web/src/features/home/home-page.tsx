import { formatInr } from '@domain/money';
import { ButtonLink } from '../../components/button';
import { Container } from '../../components/container';
import { FaqList } from '../../components/faq-list';
import { Icon } from '../../components/marketing-icons';
import type { IconName } from '../../components/marketing-icons';
import { SectionHeading } from '../../components/section-heading';
import { TestimonialCard } from '../../components/testimonials';
import { hostingFaqs } from '../../content/faqs';
import { home } from '../../content/home';
import type { ReviewRating } from '../../content/sample-business';
import { testimonials } from '../../content/testimonials';
import { OfferBadge } from './components/offer-badge';
import { StarRating } from './components/star-rating';
import { SupportChat } from './components/support-chat';

/** The home page: the reference product's sections, in order. Also served at /home. */
export function HomePage() {
  return (
    <>
      <Hero />
      <TrustBadges ratings={home.trust.ratings} />
      <Testimonial />
      <Milestone />
      <SupportSection />
      <Happiness />
      <Reasons />
      <Faq />
    </>
  );
}

function Hero() {
  const { hero } = home;
  return (
    <section
      aria-labelledby="home-hero"
      className="relative overflow-hidden bg-brand-950 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-700),transparent_60%)] opacity-70"
      />
      <Container className="relative grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <OfferBadge
            offer={hero.offer}
            text={hero.offerUntil}
            className="mb-6 inline-flex items-center gap-2 rounded-full bg-accent-600 px-4 py-1.5 text-xs font-bold tracking-wide text-white uppercase"
          />
          <h1
            id="home-hero"
            className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-brand-100">{hero.lead}</p>
          <div className="mt-8 flex flex-col gap-5 sm:flex-row sm:items-center">
            <p>
              <span className="block text-sm font-medium text-brand-200">{hero.offerLabel}</span>
              <span className="text-4xl font-extrabold">{formatInr(hero.headlinePricePaise)}</span>
              <span className="text-lg font-medium text-brand-200">{hero.perMonth}</span>{' '}
              <span className="text-lg font-medium text-brand-200">{hero.gst}</span>
            </p>
            <ButtonLink to={hero.cta.to} variant="accent" size="lg" className="px-8 sm:ml-4">
              {hero.cta.label}
              <Icon name="arrowRight" className="h-5 w-5" />
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-brand-200">{hero.guarantee}</p>
        </div>
        <ul className="grid gap-4">
          {hero.perks.map((perk) => (
            <li
              key={perk.label}
              className="flex items-center gap-4 rounded-2xl border border-white/10 bg-white/5 px-5 py-4 backdrop-blur"
            >
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white">
                <Icon name={perk.icon as IconName} />
              </span>
              <span className="text-lg font-semibold">{perk.label}</span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

/** The ratings a buyer can check: those naming their review site, with a link to the reviews. */
export function ratingsWithSource(ratings: readonly ReviewRating[]): ReviewRating[] {
  return ratings.filter((r) => r.source.trim() !== '' && /^https:\/\//.test(r.url));
}

/** Review-site badges; nothing at all when no rating names its source. */
export function TrustBadges({ ratings }: { ratings: readonly ReviewRating[] }) {
  const badges = ratingsWithSource(ratings);
  if (badges.length === 0) return null;
  return (
    <section aria-labelledby="home-trust" className="border-b border-slate-200 bg-white py-12">
      <Container>
        <h2
          id="home-trust"
          className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase"
        >
          {home.trust.title}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-3">
          {badges.map((badge) => (
            <li
              key={badge.source}
              className="flex flex-col items-center gap-2 rounded-2xl bg-slate-50 px-6 py-5 text-center"
            >
              <StarRating value={badge.stars} />
              <p className="text-slate-900">
                <span className="text-2xl font-bold">{badge.score}</span>{' '}
                <span className="text-sm text-slate-600">({badge.reviews})</span>
              </p>
              <a
                href={badge.url}
                rel="noopener noreferrer"
                className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
              >
                {home.trust.readReviews(badge.source)}
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function Testimonial() {
  return (
    <section aria-labelledby="home-testimonial" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="home-testimonial" title={home.testimonialTitle} />
        <div className="mt-10 text-lg">
          <TestimonialCard testimonial={testimonials.home} />
        </div>
      </div>
    </section>
  );
}

function Milestone() {
  const { milestone } = home;
  return (
    <section aria-labelledby="home-milestone" className="py-16 sm:py-20">
      <Container>
        <div className="flex flex-col items-center gap-8 rounded-3xl bg-gradient-to-r from-accent-700 to-accent-600 px-6 py-12 text-center text-white shadow-xl sm:px-12 lg:flex-row lg:justify-between lg:text-left">
          <div>
            <h2 id="home-milestone" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
              {milestone.title} <span className="font-semibold">{milestone.text}</span>
            </h2>
            <p className="mt-3 text-accent-50">{milestone.lead}</p>
          </div>
          <ButtonLink to={milestone.cta.to} variant="inverse" size="lg" className="shrink-0 px-8">
            {milestone.cta.label}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}

function SupportSection() {
  const { support } = home;
  return (
    <section aria-labelledby="home-support" className="bg-brand-50 py-16 sm:py-24">
      <Container className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="home-support"
            align="left"
            title={support.title}
            subtitle={support.lead}
          />
          <ul className="mt-8 space-y-3">
            {support.points.map((point) => (
              <li key={point} className="flex gap-3 text-slate-700">
                <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <SupportChat />
      </Container>
    </section>
  );
}

function Happiness() {
  const { happiness } = home;
  return (
    <section aria-labelledby="home-happiness" className="border-b border-slate-200 bg-white py-12">
      <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 px-4 text-center sm:flex-row sm:gap-8 sm:text-left">
        <p className="text-6xl font-extrabold tracking-tight text-brand-700">{happiness.score}</p>
        <div>
          <h2 id="home-happiness" className="text-xl font-bold text-slate-900">
            {happiness.label}
          </h2>
          <p className="font-medium text-slate-700">{happiness.basis}</p>
          <p className="mt-1 text-sm text-slate-600">{happiness.text}</p>
        </div>
      </div>
    </section>
  );
}

function Reasons() {
  const { reasons } = home;
  return (
    <section aria-labelledby="home-reasons" className="py-16 sm:py-24">
      <Container>
        <SectionHeading id="home-reasons" title={reasons.title} subtitle={reasons.lead} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.items.map((reason) => (
            <li
              key={reason.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <Icon name={reason.icon as IconName} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{reason.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{reason.text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function Faq() {
  return (
    <section aria-labelledby="home-faq" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="home-faq" title={home.faq.title} subtitle={home.faq.lead} />
        <FaqList className="mt-10" idPrefix="home-faq" items={hostingFaqs} indicator="plus-minus" />
      </div>
    </section>
  );
}

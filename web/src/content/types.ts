/** Shapes of the copy that several pages share (FAQ item, testimonial). */
export interface FaqItem {
  question: string;
  answer: string;
}

export interface Testimonial {
  id: string;
  quote: string;
  name: string;
  position: string;
  /** Initials shown in a monogram badge in place of a company logo (no external images). */
  companyIcon: string;
}

export interface LinkTarget {
  label: string;
  to: string;
}

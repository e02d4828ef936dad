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
}

export interface LinkTarget {
  label: string;
  to: string;
}

/** Testimonials are sample content: they live with the rest of it in ./sample-business. */
import { sampleBusiness } from './sample-business';

export const testimonials = sampleBusiness.testimonials;

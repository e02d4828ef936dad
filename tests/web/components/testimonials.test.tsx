import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestimonialCard, initialsOf } from '../../../web/src/components/testimonials';
import { sampleBusiness } from '../../../web/src/content/sample-business';

describe('TestimonialCard', () => {
  it("shows the quoted person's own initials, not their company's", () => {
    const meera = sampleBusiness.testimonials.vps.find((t) => t.name === 'Meera Iyer');
    expect(meera).toBeTruthy();
    const { container } = render(<TestimonialCard testimonial={meera!} />);
    expect(screen.getByText('Meera Iyer')).toBeInTheDocument();
    expect(container.querySelector('figcaption [aria-hidden="true"]')?.textContent).toBe('MI');
  });

  it('takes the first and last name, whatever the spacing', () => {
    expect(initialsOf('Ananya Deshpande')).toBe('AD');
    expect(initialsOf('  priya   k  nair ')).toBe('PN');
    expect(initialsOf('Rohit')).toBe('R');
  });
});

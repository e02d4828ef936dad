import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from '../../../web/src/components/price';

describe('Price', () => {
  it('formats paise as Indian rupees with lakh grouping and a suffix', () => {
    render(<Price paise={12_345_678} suffix="/mo" />);
    expect(screen.getByText('₹1,23,456.78')).toBeInTheDocument();
    expect(screen.getByText('/mo')).toBeInTheDocument();
  });
});

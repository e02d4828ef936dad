import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from '../../../web/src/components/accordion';

const items = [
  { id: 'a', title: 'What is web hosting?', content: 'A home for your website.' },
  { id: 'b', title: 'Do you offer SSL?', content: 'Yes, free SSL on every plan.' },
  { id: 'c', title: 'Can I upgrade?', content: 'Any time, from the dashboard.' },
];

function question(name: string) {
  return screen.getByRole('button', { name: new RegExp(name) });
}

describe('Accordion', () => {
  it('starts closed and toggles an item open and closed with aria-expanded', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    expect(question('What is web hosting')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('A home for your website.')).not.toBeVisible();
    await user.click(question('What is web hosting'));
    expect(question('What is web hosting')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('A home for your website.')).toBeVisible();
    await user.click(question('What is web hosting'));
    expect(question('What is web hosting')).toHaveAttribute('aria-expanded', 'false');
  });

  it('lets several items be open at once by default', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.click(question('What is web hosting'));
    await user.click(question('Do you offer SSL'));
    expect(question('What is web hosting')).toHaveAttribute('aria-expanded', 'true');
    expect(question('Do you offer SSL')).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps only one item open with single', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} single />);
    await user.click(question('What is web hosting'));
    await user.click(question('Do you offer SSL'));
    expect(question('What is web hosting')).toHaveAttribute('aria-expanded', 'false');
    expect(question('Do you offer SSL')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('A home for your website.')).not.toBeVisible();
  });

  it('shows + when closed and − when open with the plus-minus indicator', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} indicator="plus-minus" />);
    expect(question('Can I upgrade')).toHaveTextContent('+');
    await user.click(question('Can I upgrade'));
    expect(question('Can I upgrade')).toHaveTextContent('−');
  });

  it('is keyboard usable: Enter toggles, arrows and Home/End move between questions', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    question('What is web hosting').focus();
    await user.keyboard('{Enter}');
    expect(question('What is web hosting')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(question('Do you offer SSL')).toHaveFocus();
    await user.keyboard('{End}');
    expect(question('Can I upgrade')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(question('What is web hosting')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(question('Can I upgrade')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(question('What is web hosting')).toHaveFocus();
  });

  it('ties each panel to its question', () => {
    render(<Accordion items={items} defaultOpen={['b']} />);
    const button = question('Do you offer SSL');
    const panel = screen.getByRole('region', { name: 'Do you offer SSL?' });
    expect(button).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Yes, free SSL on every plan.');
  });
});

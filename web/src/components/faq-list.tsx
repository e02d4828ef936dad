import type { FaqItem } from '../content/types';
import { Accordion } from './accordion';

export interface FaqListProps {
  items: readonly FaqItem[];
  /** A stable prefix for the items' ids. */
  idPrefix: string;
  indicator?: 'plus-minus' | 'chevron';
  single?: boolean;
  className?: string;
}

/** An FAQ as an accordion of question → answer. */
export function FaqList({
  items,
  idPrefix,
  indicator = 'plus-minus',
  single = false,
  className,
}: FaqListProps) {
  return (
    <Accordion
      className={className}
      indicator={indicator}
      single={single}
      items={items.map((item, index) => ({
        id: `${idPrefix}-${index}`,
        title: item.question,
        content: <p className="leading-relaxed">{item.answer}</p>,
      }))}
    />
  );
}

import type { ElementType, ReactNode } from 'react';

export interface ContainerProps {
  as?: ElementType;
  className?: string;
  children: ReactNode;
}

/** The page's content column: full width on phones, centred and capped on larger screens. */
export function Container({ as: Tag = 'div', className = '', children }: ContainerProps) {
  return (
    <Tag className={`mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</Tag>
  );
}

import type { CSSProperties } from 'react';
import styles from './Skeleton.module.css';

interface Props {
  /** 'line' (text), 'block' (a card), 'circle' (an avatar or icon). */
  shape?: 'line' | 'block' | 'circle';
  /** Number of lines (shape 'line'). */
  lines?: number;
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** What is loading, for screen readers ('Carregando faturas…'). */
  label?: string;
  className?: string;
}

/** A grey placeholder with the shape of what is loading; announced once as a busy status, the shapes are hidden. */
export function Skeleton({ shape = 'line', lines = 1, width, height, label = 'Carregando…', className }: Props) {
  const count = shape === 'line' ? Math.max(1, lines) : 1;
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          aria-hidden="true"
          data-skeleton=""
          className={[styles.skeleton, styles[shape]].join(' ')}
          style={{ width: shape === 'line' && i === count - 1 && count > 1 ? '60%' : width, height }}
        />
      ))}
    </div>
  );
}

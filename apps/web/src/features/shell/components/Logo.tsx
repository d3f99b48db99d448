import styles from './Logo.module.css';

export function Logo({ name = 'Guarita', className }: { name?: string | undefined; className?: string }) {
  return (
    <span className={className ? `${styles.logo} ${className}` : styles.logo}>
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
        <path fill="currentColor" d="M32 4 8 14v16c0 15 10 26 24 30 14-4 24-15 24-30V14z" />
        <path fill="#f2b705" d="M32 14 18 20v10c0 9 6 16 14 19 8-3 14-10 14-19V20z" />
      </svg>
      <span>{name}</span>
    </span>
  );
}

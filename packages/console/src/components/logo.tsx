/** The Gatehouse mark: a gate arch with a keyhole. */
export const Logo = ({ size = 28 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Gatehouse">
    <rect width="32" height="32" rx="8" fill="var(--mantine-color-violet-6)" />
    <path d="M8 25V14a8 8 0 0 1 16 0v11h-4V14a4 4 0 0 0-8 0v11z" fill="#fff" />
    <circle cx="16" cy="17.5" r="1.8" fill="#fff" />
    <path d="M15.2 18.5h1.6l.6 4h-2.8z" fill="#fff" />
  </svg>
);

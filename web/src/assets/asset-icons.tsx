import type { ReactNode } from 'react';

/** The asset screens' icons (24x24 stroke, decorative), kept in their chunk: the first load carries only ui/icons. */
function Svg({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type P = { size?: number };

export const UploadIcon = (p: P) => (
  <Svg {...p}>
    <path d="M12 16V4M7 9l5-5 5 5M4 20h16" />
  </Svg>
);
export const VectorIcon = (p: P) => (
  <Svg {...p}>
    <path d="M5 19 19 5" />
    <rect x="2" y="16" width="5" height="5" rx="1" />
    <rect x="17" y="3" width="5" height="5" rx="1" />
    <path d="M5 16C5 9 9 5 17 5" />
  </Svg>
);
export const TextureIcon = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M3 9h18M3 15h18M9 3v18M15 3v18" />
  </Svg>
);
export const SceneIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12c3 2 15 2 18 0M12 3c-3 3-3 15 0 18" />
  </Svg>
);
export const WarningIcon = (p: P) => (
  <Svg {...p}>
    <path d="M12 3 2 20h20zM12 10v4M12 17v.5" />
  </Svg>
);
export const DownloadIcon = (p: P) => (
  <Svg {...p}>
    <path d="M12 4v12M7 11l5 5 5-5M4 20h16" />
  </Svg>
);

import s from './Claims.module.css';

const stroke = { fill: 'none', stroke: '#334155', strokeWidth: 4, strokeLinejoin: 'round' as const, strokeLinecap: 'round' as const };
const accent = '#2563eb';

/** Car seen from the front or the back (plate box at the bottom centre). */
const CarEnd = ({ back }: { back?: boolean }) => (
  <>
    <path {...stroke} d="M60 150 L70 95 Q75 80 95 78 L225 78 Q245 80 250 95 L260 150 Z" />
    <path {...stroke} d="M85 100 L235 100" />
    <rect x="50" y="150" width="220" height="40" rx="10" {...stroke} />
    <circle cx="85" cy="170" r="10" fill={back ? '#dc2626' : '#facc15'} />
    <circle cx="235" cy="170" r="10" fill={back ? '#dc2626' : '#facc15'} />
    <rect x="130" y="160" width="60" height="20" rx="3" fill={accent} />
    <rect x="70" y="190" width="30" height="20" rx="4" fill="#334155" />
    <rect x="220" y="190" width="30" height="20" rx="4" fill="#334155" />
  </>
);

/** Car seen from one side, front to the left (mirrored for the other side). */
const CarSide = ({ mirror }: { mirror?: boolean }) => (
  <g transform={mirror ? 'translate(320 0) scale(-1 1)' : undefined}>
    <path {...stroke} d="M20 160 L30 125 L90 120 L130 85 L220 85 L260 120 L300 128 L305 160 Z" />
    <path {...stroke} d="M140 92 L135 120 M175 92 L175 120" />
    <circle cx="80" cy="165" r="22" fill="#334155" />
    <circle cx="250" cy="165" r="22" fill="#334155" />
    <path d="M30 140 L300 140" stroke={accent} strokeWidth="6" strokeDasharray="10 8" />
  </g>
);

const Card = ({ label }: { label: string }) => (
  <>
    <rect x="60" y="50" width="200" height="130" rx="12" {...stroke} />
    <rect x="80" y="75" width="55" height="70" rx="6" fill="#cbd5e1" />
    <path stroke="#334155" strokeWidth="6" d="M150 85 H235 M150 110 H235 M150 135 H210" />
    <text x="160" y="170" fontSize="18" fontFamily="sans-serif" textAnchor="middle" fill={accent}>
      {label}
    </text>
  </>
);

/** A drawn example of what to photograph for each evidence type (no stock photos; scales with the page). */
export function ClaimIllustration({ typeId, title }: { typeId: string; title: string }) {
  let body;
  switch (typeId) {
    case 'frente':
      body = <CarEnd />;
      break;
    case 'traseira':
      body = <CarEnd back />;
      break;
    case 'lateral-esquerda':
      body = <CarSide />;
      break;
    case 'lateral-direita':
      body = <CarSide mirror />;
      break;
    case 'cnh':
      body = <Card label="CNH" />;
      break;
    case 'crlv':
      body = <Card label="CRLV" />;
      break;
    case 'boletim-ocorrencia':
    case 'nota-fiscal':
      body = (
        <>
          <path {...stroke} d="M100 30 H200 L230 60 V200 H100 Z M200 30 V60 H230" />
          <path stroke="#334155" strokeWidth="5" d="M120 90 H210 M120 115 H210 M120 140 H180" />
          <text x="165" y="185" fontSize="22" fontFamily="sans-serif" textAnchor="middle" fill={accent}>
            PDF
          </text>
        </>
      );
      break;
    case 'painel':
      body = (
        <>
          <path {...stroke} d="M40 180 A120 120 0 0 1 280 180 Z" />
          <path stroke={accent} strokeWidth="6" strokeLinecap="round" d="M160 180 L215 110" />
          <rect x="120" y="140" width="80" height="26" rx="4" fill="#334155" />
          <text x="160" y="159" fontSize="16" fontFamily="monospace" textAnchor="middle" fill="#fff">
            045.318
          </text>
        </>
      );
      break;
    case 'para-brisa':
    case 'vidro-detalhe':
      body = (
        <>
          <path {...stroke} d="M50 170 L80 60 Q90 45 110 45 H210 Q230 45 240 60 L270 170 Z" />
          <path stroke={accent} strokeWidth="4" fill="none" d="M170 100 l-20 -25 M170 100 l25 -18 M170 100 l-5 35 M170 100 l30 20" />
          {typeId === 'vidro-detalhe' && <circle cx="170" cy="100" r="45" stroke="#dc2626" strokeWidth="4" fill="none" />}
        </>
      );
      break;
    default:
      body = (
        <>
          <CarSide />
          <circle cx="230" cy="110" r="40" stroke="#dc2626" strokeWidth="5" fill="none" />
        </>
      );
  }
  return (
    <svg className={s.illustration} viewBox="0 0 320 220" role="img" aria-label={`Exemplo: ${title}`}>
      {body}
    </svg>
  );
}

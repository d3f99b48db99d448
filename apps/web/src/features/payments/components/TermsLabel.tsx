import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** The label of the terms checkbox a new card payment needs (spec 000 §5), in both card forms. */
export function TermsLabel() {
  return (
    <>
      Li e concordo com os{' '}
      <Link to={paths.terms} target="_blank" rel="noopener">
        Termos do Uso
      </Link>{' '}
      e a{' '}
      <Link to={paths.privacy} target="_blank" rel="noopener">
        Política de Privacidade
      </Link>
    </>
  );
}

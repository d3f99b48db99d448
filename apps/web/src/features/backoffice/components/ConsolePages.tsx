import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { STAFF_ROLE_LABEL, type StaffRole } from '@guarita/domain';
import { paths } from '../../../lib/paths';
import { useStaffMe } from '../api/get-me';
import { ConsoleTitle } from './ConsoleTitle';
import styles from './ConsoleShell.module.css';

/** The console's pages that say why there is nothing to show (issue 30 items 2 and 3): a heading, a line, the way back. */
function NoticePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.notice}>
      <ConsoleTitle>{title}</ConsoleTitle>
      <p>{children}</p>
      <p>
        <Link to={paths.backoffice.home}>Voltar para o início do console</Link>
      </p>
    </div>
  );
}

/** A page of another role opened by its address: one page that says so, not the page with its refusals. */
export function NotForRolePage() {
  const role = useStaffMe().data?.papel;
  return (
    <NoticePage title="Página não disponível para o seu perfil">
      {role ? `O perfil ${STAFF_ROLE_LABEL[role]} não tem acesso a esta página.` : 'Seu perfil não tem acesso a esta página.'} Se precisar
      dela, fale com a administração.
    </NoticePage>
  );
}

/** A case that does not exist, or that the role's desk does not work (the API answers 404 for both). */
export function CaseNotFoundPage({ caseNumber }: { caseNumber: string }) {
  return (
    <NoticePage title="Caso não encontrado">
      Não há caso nº {caseNumber} na fila do seu perfil. Confira o número ou procure o caso na fila.
    </NoticePage>
  );
}

/** An address under /backoffice that is no page of the console. */
export function ConsoleNotFoundPage() {
  return <NoticePage title="Página não encontrada">Este endereço não é uma página do console.</NoticePage>;
}

/** The page only for `roles` (the server checks each request too): other roles get NotForRolePage. */
export function RequireRole({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  const role = useStaffMe().data?.papel;
  return role && roles.includes(role) ? children : <NotForRolePage />;
}

export default ConsoleNotFoundPage;

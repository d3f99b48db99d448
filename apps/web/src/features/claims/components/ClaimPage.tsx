import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CLAIM_MSG, parseDuplicateMessage, routeForPhotoStatus, type ContractId, type DuplicateInfo } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { SelectedContractGuard } from '../../common';
import { getClaim, useClaimEntry, useCreateClaim } from '../api/claims';
import { ClaimForm } from './ClaimForm';
import { EvidenceSteps } from './EvidenceSteps';
import s from './Claims.module.css';

/** /sinistros/{nCtrId}: the claim form (step 0) or, for an open claim, its evidence steps (step 1). */
export default function ClaimPage() {
  return (
    <div className={s.page}>
      <PageTitle>Sinistros</PageTitle>
      <SelectedContractGuard>{(c) => <Claim key={c.nCtrId} nCtrId={c.nCtrId} />}</SelectedContractGuard>
    </div>
  );
}

function Claim({ nCtrId }: { nCtrId: ContractId }) {
  const navigate = useNavigate();
  const location = useLocation();
  /** 'Reenviar foto(s)' of a given claim sends its case number along. */
  const resend = (location.state as { caseNumber?: string } | null)?.caseNumber ?? null;
  const entry = useClaimEntry(nCtrId);
  const create = useCreateClaim(nCtrId);
  // An open claim already in the cache (a reload: the boot answered it, ADR 058) goes to its evidence steps in the
  // first render, with its view from the cache too, instead of a render later through the effect below.
  const cachedOpen = entry.data?.casoAberto;
  const [uploading, setUploading] = useState<string | null>(resend ?? (cachedOpen?.rota === 'upload' ? cachedOpen.CaseNumber : null));
  const [duplicate, setDuplicate] = useState<DuplicateInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  // `evidenceSent`: the case view opens confirming what was just sent and what happens next.
  const toCase = (n: string, evidenceSent = false) =>
    void navigate(paths.claims.caseTo(n), evidenceSent ? { state: { evidenceSent } } : undefined);

  const open = entry.data?.casoAberto;
  useEffect(() => {
    if (!open || uploading) return;
    if (open.rota === 'upload') setUploading(open.CaseNumber);
    else toCase(open.CaseNumber);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- route once per open claim
  }, [open?.CaseNumber]);

  if (uploading) return <EvidenceSteps caseNumber={uploading} resend={resend === uploading} onDone={(sent) => toCase(uploading, sent)} />;
  if (entry.isLoading || open) return <Spinner />;
  if (entry.error) return <Alert>{entry.error.message}</Alert>;
  const reasons = entry.data?.motivos ?? [];

  const continueDuplicate = async () => {
    const n = duplicate!.caseNumber;
    setDuplicate(null);
    try {
      const view = await getClaim(n);
      if (routeForPhotoStatus(view.statusFotos.Status) === 'upload') setUploading(n);
      else toCase(n);
    } catch {
      toCase(n);
    }
  };

  return (
    <>
      <p>Precisa de ajuda? Envie sua solicitação para o time de sinistros. Preencha os dados do ocorrido abaixo.</p>
      <Modal
        open={reasons.length === 0}
        title={CLAIM_MSG.noCoverageTitle}
        tone="error"
        onClose={() => void navigate(paths.dashboard.pattern)}
        actions={
          <Link className={buttonClass('primary')} to={paths.dashboard.pattern}>
            Voltar
          </Link>
        }
      >
        <p>{CLAIM_MSG.noCoverageText}</p>
      </Modal>
      <Modal
        open={duplicate !== null}
        title={CLAIM_MSG.duplicateTitle}
        onClose={() => setDuplicate(null)}
        actions={<Button onClick={() => void continueDuplicate()}>Continuar</Button>}
      >
        {duplicate && (
          <p>
            Caso nº <strong>{duplicate.caseNumber}</strong>, aberto em {duplicate.date} às {duplicate.time}.
          </p>
        )}
      </Modal>
      {error && <Alert>{error}</Alert>}
      {reasons.length > 0 && (
        <section className="card">
          <ClaimForm
            reasons={reasons}
            sending={create.isPending}
            onSubmit={(values) => {
              setError(null);
              create.send(values, {
                onSuccess: (created) => setUploading(created.CaseNumber),
                onError: (err) => {
                  const dup = err instanceof ApiError && err.status === 409 ? parseDuplicateMessage(err.message) : null;
                  if (dup) setDuplicate(dup);
                  else if (err instanceof ApiError && err.status === 400) setError(err.message);
                  else setError(`${CLAIM_MSG.createFailedWith} ${err.message}`);
                },
              });
            }}
          />
        </section>
      )}
    </>
  );
}

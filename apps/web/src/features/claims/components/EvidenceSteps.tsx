import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  BOLETIM_ACCEPT,
  CLAIM_LIMITS,
  CLAIM_MSG,
  evidenceFileError,
  fitWithin,
  isBoletimType,
  pendingTypes,
  PHOTO_ACCEPT,
  type ClaimPhotoTypeDto,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { FileUpload } from '../../../components/ui/FileUpload';
import { Spinner } from '../../../components/ui/Spinner';
import { Stepper } from '../../../components/ui/Stepper';
import { sniffFileType } from '../../../lib/file-type';
import { paths } from '../../../lib/paths';
import { UploadError } from '../../../lib/upload';
import { sendPhoto } from '../../../lib/uploads/send';
import type { Settled } from '../../../lib/uploads/manager';
import { OUTBOX_MSG } from '../../uploads';
import { usePhotoCheck } from '../../photo-check';
import { acceptDeclaration, claimKeys, useClaim, type ClaimView } from '../api/claims';
import { ClaimIllustration } from './ClaimIllustration';
import s from './Claims.module.css';

/** Images go at most 1500 px, JPEG 0.7 (002 §5.2); PDFs and what the browser cannot decode go as they are. */
async function prepare(file: File): Promise<Blob> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    return (await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', CLAIM_LIMITS.jpegQuality))) ?? file;
  } catch {
    return file;
  }
}

const uploadMessage = (err: unknown) => {
  if (err instanceof UploadError) return err.status === 0 ? CLAIM_MSG.uploadError : err.message || CLAIM_MSG.uploadFailed;
  return CLAIM_MSG.uploadError;
};

interface Props {
  caseNumber: string;
  /** After the last step (`sent`: something was uploaded now), or at once when nothing is left to send. */
  onDone: (sent: boolean) => void;
  /** A re-send from the case view (its 'Reenviar foto(s)'): the steps offer 'Cancelar', back to that case. */
  resend?: boolean;
}

/** 'EVIDÊNCIA DO SINISTRO' (002 §2.3): declaration, the fixed 'orcamento' step, then one step per missing or rejected type. */
export function EvidenceSteps({ caseNumber, onDone, resend = false }: Props) {
  const claim = useClaim(caseNumber);
  if (claim.isLoading) return <Spinner />;
  if (claim.error || !claim.data) return <Alert>{claim.error?.message ?? CLAIM_MSG.caseNumberMissing}</Alert>;
  return <Steps key={caseNumber} caseNumber={caseNumber} view={claim.data} onDone={onDone} resend={resend} />;
}

function Steps({ caseNumber, view, onDone, resend }: Props & { view: ClaimView }) {
  const qc = useQueryClient();
  // Before a photo goes to the upload: 'A foto parece tremida — tirar outra?' (issue 31 item 3).
  const photoCheck = usePhotoCheck();
  // The types to send are fixed when the steps open: resuming starts at the first missing one.
  const [types] = useState<ClaimPhotoTypeDto[]>(() => pendingTypes(view.tipos, view.fotos) as ClaimPhotoTypeDto[]);
  // Fixed when the steps open, like `types`: the claim is fetched again after each photo (the upload manager), and its
  // declaration, accepted on this visit, must not shift 'Etapa n de N' mid-way.
  const [resumed] = useState(() => view.caso.declaracaoAceitaEm !== null);
  const [step, setStep] = useState(resumed ? 2 : 0);
  const [declared, setDeclared] = useState(resumed);
  const [declError, setDeclError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  // This step's photo was kept on the device (no connection): said, and 'Continuar' offered instead of moving on.
  const [kept, setKept] = useState(false);
  // Any photo of this visit kept for later: the case view then shows 'Aguardando envio', not 'sent'.
  const anyKept = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The steps replace what was pressed (Enviar, Continuar, the file button): focus goes to the new heading so a
  // keyboard or screen-reader user lands on it instead of on the page's top.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) titleRef.current?.focus();
    else stepRef.current?.focus();
    opened.current = true;
  }, [step]);

  const showBanner = (msg: string) => {
    setBanner(msg);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBanner(null), CLAIM_LIMITS.errorBannerMs);
  };

  const finish = (sent: boolean) => {
    void qc.invalidateQueries({ queryKey: claimKeys.all });
    onDone(sent && !anyKept.current);
  };
  useEffect(() => {
    if (step >= 2 && types.length === 0) finish(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the step changes
  }, [step]);

  const total = 2 + types.length;
  // A step done takes its error banner with it: the next step starts clean.
  const next = () => {
    clearTimeout(timer.current);
    setBanner(null);
    setKept(false);
    if (step + 1 >= total) finish(true);
    else setStep(step + 1);
  };
  const type = step >= 2 ? types[step - 2] : undefined;
  // 'Etapa n de N' counts the steps this visit shows, from 1: resuming (or re-sending) skips the declaration and
  // 'Orçamento', so one photo to re-send is 'Etapa 1 de 1'.
  const first = resumed ? 2 : 0;

  return (
    <section className="card" aria-labelledby="evidencia">
      <h2 id="evidencia" ref={titleRef} tabIndex={-1}>
        EVIDÊNCIA DO SINISTRO
      </h2>
      <p className="muted">Caso nº {caseNumber}</p>
      <Stepper current={Math.min(step, total - 1) - first + 1} total={total - first} />
      {banner && <Alert>{banner}</Alert>}
      {step === 0 && (
        <div className={s.form}>
          <h3 ref={stepRef} tabIndex={-1}>
            Você vai precisar:
          </h3>
          <ul className={s.checklist}>
            <li>da câmera do celular;</li>
            <li>do documento do veículo (CRLV);</li>
            <li>da carteira de habilitação do condutor (CNH);</li>
            <li>do veículo em um local adequado e bem iluminado;</li>
            <li>do boletim de ocorrência completo em PDF.</li>
          </ul>
          <Checkbox
            label={CLAIM_MSG.declaration}
            checked={declared}
            onChange={(e) => {
              setDeclared(e.target.checked);
              if (e.target.checked) setDeclError(null);
            }}
            error={declError ?? undefined}
          />
          <div className={s.actions}>
            <Button
              onClick={() => {
                if (!declared) return setDeclError(CLAIM_MSG.acceptDeclaration);
                acceptDeclaration(caseNumber).then(next, () => showBanner(CLAIM_MSG.uploadError));
              }}
            >
              Continuar
            </Button>
          </div>
        </div>
      )}
      {step === 1 && (
        <div className={s.form}>
          <h3 ref={stepRef} tabIndex={-1}>
            Orçamento
          </h3>
          <p>
            Não autorize reparos nem pague orçamentos antes da análise do seu sinistro. Quando o reparo for autorizado, indicaremos uma
            oficina parceira e o orçamento será feito por ela.
          </p>
          <div className={s.actions}>
            <Button onClick={next}>Entendi, continuar</Button>
          </div>
        </div>
      )}
      {photoCheck.dialog}
      {type && (
        <div className={s.form} key={type.Id}>
          <h3 ref={stepRef} tabIndex={-1}>
            {type.Titulo}
          </h3>
          <ClaimIllustration typeId={type.Id} title={type.Titulo} />
          <p>{type.instrucoes}</p>
          <FileUpload
            label={isBoletimType(type.Id) ? 'Selecionar o PDF do boletim' : 'Enviar foto ou arquivo'}
            accept={isBoletimType(type.Id) ? BOLETIM_ACCEPT : PHOTO_ACCEPT}
            validate={async (file) => {
              // The name and the browser's type first, then the first bytes (a renamed file): refused here, saying why.
              const msg = evidenceFileError(type.Id, file) ?? evidenceFileError(type.Id, file, await sniffFileType(file));
              if (msg) showBanner(msg);
              return msg;
            }}
            review={isBoletimType(type.Id) ? undefined : async (file) => (await photoCheck.check(file)) === 'send'}
            upload={async (file, opts) => {
              setKept(false);
              // Kept on the device first (ADR 093), then sent in chunks: a cut connection loses nothing.
              const blob = await prepare(file);
              return sendPhoto({ blob, name: file.name, caso: caseNumber, tipo: type.Id, titulo: type.Titulo, ...opts });
            }}
            doneText={(how: Settled) => (how === 'guardado' ? OUTBOX_MSG.photoKept : 'Enviado')}
            errorText={(err) => {
              const msg = uploadMessage(err);
              showBanner(msg);
              return msg;
            }}
            onUploaded={(_file, how) => {
              if (how === 'enviado') return next();
              anyKept.current = true;
              setKept(true);
            }}
          />
          {kept && (
            <>
              <Alert kind="info">{OUTBOX_MSG.photoKeptStep}</Alert>
              <div className={s.actions}>
                <Button onClick={next}>Continuar</Button>
              </div>
            </>
          )}
          {resend && (
            <div className={s.actions}>
              <Link className={buttonClass('secondary')} to={paths.claims.caseTo(caseNumber)}>
                Cancelar
              </Link>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

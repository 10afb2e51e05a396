import { claimFileProblem, claimMessageValues } from '@lionrock/domain/claims/claim-rules';
import { type DragEvent, useRef, useState } from 'react';
import { ApiCallError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import styles from './claims.module.css';

type TPending = { id: number; name: string; progress: number; error?: string };

/**
 * A claim's documents: drag and drop or the file picker, one upload per file with its progress, and
 * removal. Each file is checked in the browser first (empty, too large, not a PDF, JPEG or PNG: the
 * domain's `claimFileProblem`, issue 29), so nothing is sent that the server would refuse for that; the
 * server still decides by content, and a refusal is shown beside the file in its own words.
 */
export function DocumentUpload({
  documents,
  upload,
  remove,
  error,
  title,
  id = 'claim-documents',
}: {
  documents: { documentId: string; name: string; removable?: boolean }[];
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  remove: (documentId: string) => Promise<void>;
  error?: string | undefined;
  /** The section's heading; the documents' by default. */
  title?: string;
  id?: string;
}) {
  const { t } = useTranslation();
  // The documents' size and count are the same in both markets.
  const LIMITS = claimMessageValues('documents', 'SGP');
  const picker = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<TPending[]>([]);
  const [over, setOver] = useState(false);
  const nextId = useRef(0);

  const messageFor = (failure: unknown) => {
    const key = failure instanceof ApiCallError ? failure.messageKey : undefined;
    return t(key?.startsWith('claims.errors.') ? key : 'claims.errors.generic', LIMITS);
  };

  async function add(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      const id = nextId.current++;
      const problem = claimFileProblem(file);
      if (problem) {
        setPending((list) => [...list, { id, name: file.name, progress: 0, error: t(problem, LIMITS) }]);
        continue;
      }
      setPending((list) => [...list, { id, name: file.name, progress: 0 }]);
      try {
        await upload(file, (progress) =>
          setPending((list) => list.map((item) => (item.id === id ? { ...item, progress } : item))),
        );
        setPending((list) => list.filter((item) => item.id !== id));
      } catch (failure) {
        setPending((list) =>
          list.map((item) => (item.id === id ? { ...item, error: messageFor(failure) } : item)),
        );
      }
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) void add(event.dataTransfer.files);
  }

  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title ?? t('claims.documents.title')}</h2>
      <p className={styles.hint} id={`${id}-hint`}>
        {t('claims.documents.hint', LIMITS)}
      </p>
      <fieldset
        className={`${styles.drop} ${over ? styles.dropActive : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <legend className="visually-hidden">{t('claims.documents.title')}</legend>
        <p style={{ margin: '0 0 8px' }}>{t('claims.documents.drop')}</p>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => picker.current?.click()}
          aria-describedby={`${id}-hint`}
        >
          {t('claims.documents.choose')}
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          hidden
          aria-hidden="true"
          tabIndex={-1}
          onChange={(event) => {
            if (event.target.files) void add(event.target.files);
            event.target.value = '';
          }}
        />
      </fieldset>
      <ul className={styles.files} aria-live="polite">
        {documents.map((document) => (
          <li key={document.documentId} className={styles.file}>
            <span>{document.name}</span>
            {document.removable === false ? null : (
              <button
                type="button"
                className={styles.linkButton}
                aria-label={t('claims.documents.remove', { name: document.name })}
                onClick={() => remove(document.documentId)}
              >
                ✕
              </button>
            )}
          </li>
        ))}
        {pending.map((item) => (
          <li key={`pending-${item.id}`} className={styles.file}>
            <span>{item.name}</span>
            {item.error ? (
              <>
                <span className={styles.error} role="alert">
                  {item.error}
                </span>
                <button
                  type="button"
                  className={styles.linkButton}
                  aria-label={t('claims.documents.remove', { name: item.name })}
                  onClick={() => setPending((list) => list.filter((other) => other.id !== item.id))}
                >
                  ✕
                </button>
              </>
            ) : (
              <progress
                className={styles.progress}
                max={1}
                value={item.progress}
                aria-label={t('claims.documents.uploading', { name: item.name })}
              />
            )}
          </li>
        ))}
      </ul>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

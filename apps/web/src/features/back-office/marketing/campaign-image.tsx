import { type FormEvent, useId, useState } from 'react';
import shell from '../back-office.module.css';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { useCan } from '../signed-in-account';

/** As the server: PNG or JPEG (never SVG, which can carry script), at most 500 kB. */
export const IMAGE_MAX_BYTES = 500 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** The file as base64, without the data URL's prefix. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

/**
 * A campaign's image (issue 18, decision 088): the current one as customers get it, and a new one
 * uploaded. The server checks the file by its first bytes; its error is shown as it says it.
 */
export function CampaignImage({ campaignId }: { campaignId: number }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<'idle' | 'reading' | 'uploading'>('idle');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [version, setVersion] = useState(0);
  const [missing, setMissing] = useState(false);
  // Only marketing changes campaigns; operations and read-only accounts see them (the server's guard).
  const mayChange = useCan('marketing.write');

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setDone('');
    if (!file) return setError('Choose a PNG or JPEG file.');
    if (!IMAGE_TYPES.includes(file.type)) return setError('The image must be a PNG or a JPEG.');
    if (file.size > IMAGE_MAX_BYTES) return setError('The image is larger than 500 kB.');
    try {
      setStage('reading');
      const dataBase64 = await readBase64(file);
      setStage('uploading');
      await backOfficeCall('PUT', `/admin/campaigns/${campaignId}/image`, {
        contentType: file.type,
        dataBase64,
        fileName: file.name,
      });
      setDone('Image saved.');
      setMissing(false);
      setVersion((value) => value + 1);
    } catch (caught) {
      setError(
        caught instanceof BackOfficeError ? caught.message : 'The file could not be read. Please try again.',
      );
    } finally {
      setStage('idle');
    }
  };

  const busy = stage !== 'idle';
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 className={shell.heading} id={`${id}-title`}>
        Image
      </h2>
      {missing ? (
        <p>This campaign has no image yet.</p>
      ) : (
        <img
          key={version}
          src={`/b2c-server/rest/campaign/getCampaignImageById/${campaignId}?v=${version}`}
          alt="The campaign's current banner, as customers see it"
          className={styles.preview}
          onError={() => setMissing(true)}
        />
      )}
      {mayChange ? (
        <form className={styles.formRow} onSubmit={upload} noValidate aria-busy={busy}>
          <div className={shell.field}>
            <label className={shell.label} htmlFor={`${id}-file`}>
              New image (PNG or JPEG, at most 500 kB)
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept="image/png,image/jpeg"
              className={shell.input}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <button type="submit" className={shell.primary} disabled={busy}>
            {stage === 'reading' ? 'Reading…' : stage === 'uploading' ? 'Uploading…' : 'Upload image'}
          </button>
        </form>
      ) : null}
      {busy ? (
        <p className={shell.loading} role="status">
          {stage === 'reading' ? 'Reading the file…' : 'Uploading the image…'}
        </p>
      ) : null}
      {error ? (
        <p className={shell.formError} role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className={styles.done} role="status">
          {done}
        </p>
      ) : null}
    </section>
  );
}

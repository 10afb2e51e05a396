import { CAMPAIGN_IMAGE_MAX_BYTES } from '@lionrock/domain/back-office/campaign-rules';
import {
  CAMPAIGN_IMAGE_BASE64_MAX,
  type TCampaignImageUpload,
  ZCampaignImageUpload,
} from '@lionrock/domain/back-office/marketing-requests';
import { useEffect, useId, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { useCan } from '../signed-in-account';
import { controlIdOf, FormField, FormMessages, useStaffForm } from '../staff-form';

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
 * A stand-in for a file's base64, of its length and padding: the check needs its size only, so a file
 * is read only when it is sent (a large one never), and a huge one's stand-in stops past the bound.
 */
function base64StandIn(bytes: number): string {
  const padding = (3 - (bytes % 3)) % 3;
  const length = Math.min(4 * Math.ceil(bytes / 3), CAMPAIGN_IMAGE_BASE64_MAX + 4);
  return 'A'.repeat(length - padding) + '='.repeat(padding);
}

/** The file input's files, as react-hook-form holds them. */
type TImageForm = { file: FileList | null };

/** The request a chosen file makes, its data stood in for (read when sent). */
function toImageRequest({ file: files }: TImageForm) {
  const file = files?.[0];
  return {
    contentType: file?.type ?? '',
    dataBase64: file ? base64StandIn(file.size) : '',
    fileName: file?.name,
  };
}

/** The file's problem, in the words of the form: none chosen, not an image, too large. */
const IMAGE_MESSAGES = {
  contentType: 'The image must be a PNG or a JPEG.',
  'dataBase64:too_small': 'Choose a PNG or JPEG file.',
  dataBase64: `The image is larger than ${CAMPAIGN_IMAGE_MAX_BYTES / 1024} kB.`,
} as Partial<Record<string, string>>;

/**
 * A campaign's image (issue 18, decision 088): the current one as customers get it, and a new one
 * uploaded. The form checks the upload with the domain's `ZCampaignImageUpload` (its type and size);
 * the server checks the file by its first bytes too, and its refusal is shown as it says it.
 */
export function CampaignImage({ campaignId }: { campaignId: number }) {
  const id = useId();
  const [stage, setStage] = useState<'idle' | 'reading' | 'uploading'>('idle');
  const [version, setVersion] = useState(0);
  const [missing, setMissing] = useState(false);
  // Only marketing changes campaigns; operations and read-only accounts see them (the server's guard).
  const mayChange = useCan('marketing.write');
  const form = useStaffForm<TImageForm, TCampaignImageUpload>({
    defaultValues: { file: null },
    schema: ZCampaignImageUpload,
    toRequest: toImageRequest,
    messages: (issue) => IMAGE_MESSAGES[`${issue.path}:${issue.code}`] ?? IMAGE_MESSAGES[issue.path],
    // The request's fields are the one file's.
    aliases: { contentType: 'file', dataBase64: 'file', fileName: 'file' },
  });
  // The request's problems are on its fields; the file's one problem is the server's, else nothing
  // chosen, else its type, else its size.
  const errors = form.formState.errors as Partial<Record<'file' | 'contentType' | 'dataBase64', FieldError>>;
  const problem =
    errors.file ??
    (errors.dataBase64?.type === 'too_small' ? errors.dataBase64 : (errors.contentType ?? errors.dataBase64));
  // react-hook-form focuses a field with a problem; the request's are the file's, focused here.
  const { submitCount } = form.formState;
  const requestProblem = Boolean(problem) && !errors.file;
  const fileId = controlIdOf(form.idPrefix, 'file');
  useEffect(() => {
    if (requestProblem && submitCount > 0) document.getElementById(fileId)?.focus();
  }, [requestProblem, submitCount, fileId]);

  const upload = form.submitWith(async (request, { file: files }) => {
    try {
      setStage('reading');
      // The request passed its check: a file is chosen.
      const dataBase64 = await readBase64(files?.[0] as File).catch(() => {
        throw new Error('The file could not be read. Please try again.');
      });
      setStage('uploading');
      await backOfficeCall('PUT', `/admin/campaigns/${campaignId}/image`, { ...request, dataBase64 });
    } finally {
      setStage('idle');
    }
    setMissing(false);
    setVersion((value) => value + 1);
    return 'Image saved.';
  });

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
          <FormField
            form={{ idPrefix: form.idPrefix, formState: { errors: problem ? { file: problem } : {} } }}
            name="file"
            label={`New image (PNG or JPEG, at most ${CAMPAIGN_IMAGE_MAX_BYTES / 1024} kB)`}
          >
            {(control) => (
              <input {...control} type="file" accept="image/png,image/jpeg" {...form.register('file')} />
            )}
          </FormField>
          <button type="submit" className={shell.primary} disabled={busy}>
            {stage === 'reading' ? 'Reading…' : stage === 'uploading' ? 'Uploading…' : 'Upload image'}
          </button>
          <FormMessages form={form} />
        </form>
      ) : null}
      {busy ? (
        <p className={shell.loading} role="status">
          {stage === 'reading' ? 'Reading the file…' : 'Uploading the image…'}
        </p>
      ) : null}
    </section>
  );
}

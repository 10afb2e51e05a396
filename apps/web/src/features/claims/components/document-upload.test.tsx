import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DocumentUpload } from './document-upload';

/** A file as the picker hands it over: its name, type and size. */
const fileOf = (name: string, type: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type });

function pick(files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

describe('documents checked before upload (issue 29)', () => {
  it('names an empty file "empty", a large one its limit, a wrong type its types, and sends none of them', async () => {
    const upload = vi.fn(async () => {});
    render(<DocumentUpload documents={[]} upload={upload} remove={async () => {}} />);
    pick([
      fileOf('memo.pdf', 'application/pdf', 0),
      fileOf('scan.png', 'image/png', 10 * 1024 * 1024 + 1),
      fileOf('notes.docx', 'application/msword', 10),
    ]);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('This file is empty'),
      expect.stringContaining('up to 10 MB'),
      expect.stringContaining('not a PDF, JPEG or PNG'),
    ]);
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends a file that passes, with its progress', async () => {
    const upload = vi.fn(async (_file: File, onProgress: (fraction: number) => void) => onProgress(1));
    render(<DocumentUpload documents={[]} upload={upload} remove={async () => {}} />);
    pick([fileOf('receipt.pdf', 'application/pdf', 100)]);
    await vi.waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

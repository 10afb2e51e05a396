import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import { CampaignImage } from './campaign-image';

afterEach(() => vi.unstubAllGlobals());

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'banner.png', { type: 'image/png' });

describe('CampaignImage (decision 088)', () => {
  it('shows the current image and uploads a PNG as base64', async () => {
    const { calls } = stubServer([
      { match: /campaigns\/12\/image$/, body: { campaignId: 12, contentType: 'image/png', bytes: 4 } },
    ]);
    const user = userEvent.setup();
    renderAs('marketing', <CampaignImage campaignId={12} />);
    const img = screen.getByRole('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toContain('/b2c-server/rest/campaign/getCampaignImageById/12');
    await user.upload(screen.getByLabelText(/New image/), png());
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(await screen.findByText('Image saved.')).toBeTruthy();
    const put = calls.find((call) => call.url.endsWith('/campaigns/12/image'))!;
    expect(put.init?.method).toBe('PUT');
    expect(JSON.parse(String(put.init?.body))).toEqual({
      contentType: 'image/png',
      dataBase64: 'iVBORw==',
      fileName: 'banner.png',
    });
  });

  it("shows the server's refusal, and refuses an SVG or a file over 500 kB before sending", async () => {
    const { calls } = stubServer([
      {
        match: /campaigns\/12\/image$/,
        status: 400,
        body: { message: 'The file is not a PNG or JPEG image.', field: 'dataBase64' },
      },
    ]);
    const user = userEvent.setup({ applyAccept: false });
    renderAs('marketing', <CampaignImage campaignId={12} />);
    const input = screen.getByLabelText(/New image/);
    await user.upload(input, new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(screen.getByRole('alert').textContent).toBe('The image must be a PNG or a JPEG.');
    await user.upload(input, new File([new Uint8Array(500 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(screen.getByRole('alert').textContent).toBe('The image is larger than 500 kB.');
    expect(calls).toHaveLength(0);

    await user.upload(input, png());
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file is not a PNG or JPEG image.');
  });

  it("asks for a file when none is chosen, focused, and puts the server's refusal on the file", async () => {
    const { calls } = stubServer([
      {
        match: /campaigns\/12\/image$/,
        status: 400,
        body: { message: 'The image is larger than 500 kB.', field: 'dataBase64' },
      },
    ]);
    const user = userEvent.setup();
    renderAs('marketing', <CampaignImage campaignId={12} />);
    const input = screen.getByLabelText(/New image/);
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a PNG or JPEG file.');
    expect(document.activeElement).toBe(input);
    expect(calls).toHaveLength(0);

    await user.upload(input, png());
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The image is larger than 500 kB.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(1);
  });
});

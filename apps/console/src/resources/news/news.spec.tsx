import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { page, renderConsole } from '@/test/render';
import { newsTransform } from '@/resources/news/Edit';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const item = {
  id: 7,
  type: 'NEWS',
  title: 'Faster checks in Europe',
  message: 'Automatic checks now cover 120 more European institutes.',
  link: null,
  published: true,
  publishedAt: '2026-12-05T10:00:00Z',
  createdAt: '2026-12-05T09:00:00Z',
  createdBy: 'admin@credence.test',
  image: { src: '/v1/news/7/image/0123456789abcdef0123456789abcdef', title: 'Faster checks in Europe' },
};

describe('news pictures (money 2.5)', () => {
  it('sends a chosen file as a data URL, null when removed, and nothing for the stored one', async () => {
    const file = new File([PNG], 'banner.png', { type: 'image/png' });
    expect(
      await newsTransform({ title: 'T', image: { rawFile: file, src: 'blob:x', title: 'banner.png' } }),
    ).toEqual({
      title: 'T',
      image: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(await newsTransform({ title: 'T', image: null, createdAt: 'x', publishedAt: 'y' })).toEqual({
      title: 'T',
      image: null,
    });
    expect(await newsTransform({ title: 'T', image: item.image })).toEqual({ title: 'T' });
  });

  it('shows the stored picture on the edit form, and uploads a new one chosen there', async () => {
    const { calls } = renderConsole('/news/7', {
      'GET /admin/news/7': json(item),
      'GET /admin/news': page('news', [item]),
      'PUT /admin/news/7': (c) =>
        json({
          ...item,
          ...(c.body as object),
          image: { src: '/v1/news/7/image/ffffffffffffffffffffffffffffffff', title: item.title },
        }),
    });
    const stored = await screen.findByRole('img', { name: item.title });
    expect(stored.getAttribute('src')).toBe(item.image.src);
    expect(screen.getByText(/A PNG, JPEG, WebP or GIF picture of at most 2 MB/)).toBeInTheDocument();

    // The stored picture removed, a new one chosen in its place.
    // The preview's own Delete (ra.action.delete), before the form's Delete in the toolbar.
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([PNG], 'banner.png', { type: 'image/png' })] } });
    await screen.findByRole('img', { name: 'banner.png' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        image: 'data:image/png;base64,iVBORw0KGgo=',
        title: item.title,
      }),
    );
  });
});

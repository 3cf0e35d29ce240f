// The content screens' own pieces: the date range the news and video lists remember, and the phone
// preview.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n, renderAt, signIn } from '../../testing/test-utils';
import { NewsPhonePreview, RememberRange, storedRange } from './content-shared';
import { resource as news } from './news.resource';

beforeEach(() => {
  localStorage.clear();
  initTestI18n();
  signIn();
});

describe('remembered date range', () => {
  it('should keep the range of the URL in local storage and start the news list from it', async () => {
    expect(news.filterDefaults).toEqual({ active: 'true' });
    renderAt(<RememberRange />, { path: '/news?start_date=2030-01-01&end_date=2030-01-31', route: '/news' });
    await waitFor(() => expect(storedRange()).toEqual({ start_date: '2030-01-01', end_date: '2030-01-31' }));
    expect(news.filterDefaults).toEqual({ active: 'true', start_date: '2030-01-01', end_date: '2030-01-31' });
  });

  it('should forget the range when it is removed', async () => {
    localStorage.setItem(
      'lbo.content.range',
      JSON.stringify({ start_date: '2030-01-01', end_date: '2030-01-31' }),
    );
    renderAt(<RememberRange />, { path: '/news?start_date=&end_date=', route: '/news' });
    await waitFor(() => expect(storedRange()).toEqual({}));
  });

  it('should ignore a malformed stored range', () => {
    localStorage.setItem('lbo.content.range', '{"start_date":"yesterday","end_date":1}');
    expect(storedRange()).toEqual({});
    localStorage.setItem('lbo.content.range', 'not json');
    expect(storedRange()).toEqual({});
  });
});

describe('phone preview', () => {
  it('should show the news title, text and photo in a 360 px frame', () => {
    renderAt(
      <NewsPhonePreview
        record={{
          title: 'Libur',
          content: 'Gudang tutup',
          photo: '/uploads/news/x.png',
          start_date: '2030-01-01',
        }}
      />,
    );
    const frame = screen.getByTestId('phone-preview');
    expect(frame).toHaveTextContent('In the stores’ app');
    expect(screen.getByTestId('preview-title')).toHaveTextContent('Libur');
    expect(frame).toHaveTextContent('Gudang tutup');
    expect(frame.querySelector('img')?.getAttribute('src')).toBe('/uploads/news/x.png');
  });
});

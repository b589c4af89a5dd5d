import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { Button } from '../button.js';
import { Empty } from './empty.js';
import { NoAccessResult, NotFoundResult, UnauthorizedResult } from './results.js';
import { Skeleton } from './skeleton.js';
import { Steps } from './steps.js';

afterEach(cleanup);

const flow = [{ title: 'Choose', description: 'Pick a package' }, { title: 'Pay' }, { title: 'Done' }];

describe('Steps', () => {
  it('marks the current step with aria-current="step" and only that one', () => {
    renderWithUi(<Steps items={flow} current={1} />);
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, 'step', null]);
  });

  it('finishes the steps before the current one and waits on the rest', () => {
    renderWithUi(<Steps items={flow} current={1} />);
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-status'))).toEqual(['finish', 'process', 'wait']);
    expect(steps[0]?.textContent).toContain('Completed');
    expect(steps[1]?.textContent).toContain('In progress');
  });

  it('shows a failed current step as an error, in the current language', () => {
    renderWithUi(<Steps items={flow} current={1} status="error" direction="vertical" />, 'zh-CN');
    const step = screen.getAllByRole('listitem')[1];
    expect(step?.getAttribute('data-status')).toBe('error');
    expect(step?.textContent).toContain('失败');
    expect(screen.getByRole('list').className).toContain('flex-col');
  });
});

describe('Empty', () => {
  it('says "No data" by default', () => {
    renderWithUi(<Empty />);
    expect(screen.getByText('No data')).toBeTruthy();
  });

  it('says it in Simplified and Traditional Chinese', () => {
    renderWithUi(<Empty />, 'zh-CN');
    expect(screen.getByText('暂无数据')).toBeTruthy();
    cleanup();
    renderWithUi(<Empty />, 'zh-TW');
    expect(screen.getByText('暫無資料')).toBeTruthy();
  });

  it('takes its own description and an action', () => {
    renderWithUi(<Empty description="No devices yet" action={<Button>Add device</Button>} />);
    expect(screen.getByText('No devices yet')).toBeTruthy();
    expect(screen.queryByText('No data')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add device' })).toBeTruthy();
  });
});

describe('Skeleton', () => {
  it('is busy and tells screen readers it is loading', () => {
    renderWithUi(<Skeleton />, 'zh-TW');
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('載入中');
  });

  it('draws the requested lines, avatar or block', () => {
    const lines = renderWithUi(<Skeleton lines={5} avatar />).container;
    expect(lines.querySelectorAll('[data-skeleton="line"]')).toHaveLength(5);
    expect(lines.querySelector('.rounded-full')).not.toBeNull();
    cleanup();
    const block = renderWithUi(<Skeleton block={120} />).container;
    expect((block.querySelector('[data-skeleton="block"]') as HTMLElement).style.height).toBe('120px');
    expect(block.querySelectorAll('[data-skeleton="line"]')).toHaveLength(0);
  });

  it('shows its children once loading is over', () => {
    renderWithUi(
      <Skeleton loading={false}>
        <p>Loaded</p>
      </Skeleton>,
    );
    expect(screen.getByText('Loaded')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Result presets', () => {
  it('give 404, 401 and no access their translated titles', () => {
    renderWithUi(
      <>
        <NotFoundResult />
        <UnauthorizedResult />
        <NoAccessResult />
      </>,
      'zh-CN',
    );
    const titles = screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['页面不存在', '未登录', '无访问权限']);
    expect(screen.getByText('抱歉，您访问的页面不存在。')).toBeTruthy();
  });

  it('accept their own title, subtitle and actions', () => {
    renderWithUi(
      <UnauthorizedResult title="Session over" subtitle="Sign in" extra={<Button>Sign in again</Button>} />,
    );
    expect(screen.getByRole('heading', { name: 'Session over' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    expect(screen.queryByText('Not signed in')).toBeNull();
  });
});

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ResponseOf, endpoints } from '@switchboard/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CalendlyCard } from './calendly-card';

type CalendlyState = ResponseOf<typeof endpoints.getCalendarConnections>['calendly'];

const disconnected: CalendlyState = {
  connected: false,
  state: 'disconnected',
  userName: null,
  email: null,
  schedulingUrl: null,
  eventTypes: [],
  eventTypeUri: null,
  lastError: null,
  sandbox: false,
  sandboxAvailable: false,
};

const standIn: CalendlyState = {
  ...disconnected,
  connected: true,
  state: 'connected',
  userName: 'Sandbox Calendly',
  email: 'sandbox-1a2b3c4d@calendly.sandbox.invalid',
  eventTypes: [
    {
      uri: 'https://api.calendly.sandbox.invalid/event_types/x-30min',
      name: '30 Minute Meeting',
      durationMinutes: 30,
      schedulingUrl: 'https://calendly.sandbox.invalid/x/30min',
    },
  ],
  eventTypeUri: 'https://api.calendly.sandbox.invalid/event_types/x-30min',
  sandbox: true,
  sandboxAvailable: true,
};

function render(calendly: CalendlyState): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <CalendlyCard calendly={calendly} scope={{}} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('the Calendly card', () => {
  it('labels a connection to the offline stand-in "Sandbox" and says no Calendly account is reached', () => {
    const html = render(standIn);
    expect(html).toContain('>Sandbox<');
    expect(html).toContain('An offline stand-in for Calendly: no Calendly account is reached.');
    expect(html).toContain('Disconnect Calendly');
  });

  it('while connected, changes the event type without asking for the token again; a pasted token replaces it', () => {
    const html = render(standIn);
    expect(html).toContain('Agents offer the free times of this event type.');
    expect(html).not.toContain('Enter the token again');
    expect(html).toContain('Replace the token');
    expect(render(disconnected)).toContain('Personal access token');
    expect(render(disconnected)).not.toContain('Replace the token');
  });

  it('shows no Sandbox label for Calendly itself, and names sandbox tokens only where the server takes them', () => {
    const real = render({
      ...standIn,
      sandbox: false,
      sandboxAvailable: false,
      userName: 'Dana Clinic',
      email: 'dana@clinic.example',
    });
    expect(real).not.toContain('>Sandbox<');
    expect(real).toContain('Dana Clinic (dana@clinic.example)');
    expect(render(disconnected)).not.toContain('cal_sandbox_');
    expect(render({ ...disconnected, sandboxAvailable: true })).toContain(
      'a token starting cal_sandbox_ connects the offline stand-in',
    );
  });
});

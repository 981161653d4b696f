// The order's conversation with the buyer (issue 42 §4), once there is one: what the buyer wrote
// and the store's answers (which CS, or Lapak's own reply to STOP, and how each went), "Balasan
// baru" with "Sudah ditangani", the STOP badge, and the box to answer through the store's provider. On the
// WhatsApp Cloud API free text goes only within 24 hours of the buyer's last message: outside that
// window the page says plainly that only a template may go, and shows no box.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { Badge, ErrorNotice, Notice } from '../../components/ui/notice';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { conversationQuery, useAnswerBuyer, useMarkHandled, type ChatMessage, type Conversation } from './use-conversation';

const C = T.messaging.conversation;

/** The anchor of the card, which the order's "balasan baru" notice leads to. */
export const CONVERSATION_ANCHOR = 'percakapan';

/** Whether the order's page shows the card: once the buyer or the store wrote (before that, the follow-up buttons start a conversation). */
export const showsConversation = (conversation: Conversation | undefined): boolean => conversation !== undefined && conversation.messages.length > 0;

export function ConversationCard({ orderId }: { orderId: number }) {
  const conversation = useQuery(conversationQuery(orderId));
  const data = conversation.data;
  if (conversation.error) return <ErrorNotice error={conversation.error as ApiError} />;
  if (!data || !showsConversation(data)) return null;
  return (
    <section id={CONVERSATION_ANCHOR} aria-labelledby="conversation-title" className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="conversation">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="conversation-title" className="mr-auto text-lg font-semibold">
          {C.title}
        </h2>
        {data.reply_waiting ? <Badge tone="info">{C.replyWaiting}</Badge> : null}
        {data.opted_out ? <Badge tone="bad">{C.optedOut}</Badge> : null}
      </div>
      {data.opted_out ? <p className="mb-3 text-sm text-slate-700">{C.optedOutBody}</p> : null}
      <ol className="max-h-[28rem] space-y-2 overflow-y-auto" data-testid="chat" tabIndex={0} aria-label={C.title}>
        {data.messages.map((message) => (
          <Bubble key={message.id} message={message} />
        ))}
      </ol>
      <Answer orderId={orderId} conversation={data} />
      {data.reply_waiting ? <Handled orderId={orderId} /> : null}
    </section>
  );
}

const STATE_TONE: Record<string, 'good' | 'bad' | 'neutral'> = { delivered: 'good', read: 'good', failed: 'bad' };

function Bubble({ message }: { message: ChatMessage }) {
  const mine = message.direction === 'out';
  const who = mine ? (message.by?.name ?? C.lapak) : C.buyer;
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-testid={`chat-${message.direction}`}>
      <div className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${mine ? 'rounded-br-sm bg-brand-50 text-slate-900' : 'rounded-bl-sm border border-slate-200 bg-slate-50 text-slate-900'}`}>
        <p className="whitespace-pre-wrap break-words">{message.text}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700">
          <span className="font-semibold">{who}</span>
          <span>{formatDateTime(message.at)}</span>
          {mine ? <Badge tone={STATE_TONE[message.state] ?? 'neutral'}>{C.states[message.state] ?? message.state}</Badge> : null}
        </p>
        {message.reason ? <p className="mt-1 text-xs font-medium text-red-800">{message.reason}</p> : null}
      </div>
    </li>
  );
}

function Handled({ orderId }: { orderId: number }) {
  const handled = useMarkHandled(orderId);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-200 pt-4">
      <Button variant="secondary" busy={handled.isPending} onClick={() => handled.mutate()}>
        {C.handled}
      </Button>
      <p className="min-w-0 flex-1 basis-48 text-sm text-slate-700">{C.handledHint}</p>
      <ErrorNotice error={handled.error} />
    </div>
  );
}

function Answer({ orderId, conversation }: { orderId: number; conversation: Conversation }) {
  const answer = useAnswerBuyer(orderId);
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const { provider } = conversation;
  if (provider === null) {
    return (
      <div className="mt-4">
        <Notice tone="info">{C.noProvider}</Notice>
      </div>
    );
  }
  if (provider === 'cloud_api' && !conversation.window_open) {
    return (
      <div className="mt-4" data-testid="window-closed">
        <Notice tone="warning">{C.windowClosed}</Notice>
      </div>
    );
  }
  const hint = provider === 'cloud_api' && conversation.window_closes_at ? C.windowOpen(formatDateTime(conversation.window_closes_at)) : C.via(T.messaging.providerShort[provider] ?? provider);
  const result = answer.data;
  return (
    <form
      className="mt-4 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') return setEmpty(true);
        setEmpty(false);
        answer.mutate(text.trim(), { onSuccess: (sent) => sent.ok && setText('') });
      }}
    >
      <TextAreaField label={C.answer} hint={hint} rows={2} className="field-sizing-content min-h-20 max-h-60" maxLength={4096} value={text} onChange={(e) => setText(e.target.value)} error={empty ? C.answerEmpty : undefined} />
      <Button type="submit" busy={answer.isPending}>
        {C.send}
      </Button>
      <ErrorNotice error={answer.error} />
      {result ? <Notice tone={result.ok ? 'success' : 'error'}>{result.ok ? C.sent : C.failed(result.error ?? '')}</Notice> : null}
    </form>
  );
}

import { home } from '../../../content/home';

const chat = home.support.chat;
const caption = home.support.chatCaption;

/**
 * A picture of a support conversation, drawn with HTML and CSS and captioned as an example (there
 * is no live chat). The agent's typing dots bounce
 * only when the user has not asked for reduced motion.
 */
export function SupportChat() {
  return (
    <figure className="mx-auto w-full max-w-md">
      <div className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/10">
        <div className="flex items-center gap-3 bg-brand-800 px-5 py-4 text-white">
          <span className="relative flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
            {chat.agentName.charAt(0)}
            <span className="absolute right-0 bottom-0 h-3 w-3 rounded-full border-2 border-brand-800 bg-green-400" />
          </span>
          <span>
            <span className="block font-semibold">{chat.agentName}</span>
            <span className="block text-xs text-brand-100">
              {chat.agentRole} · {chat.online}
            </span>
          </span>
        </div>
        <div className="space-y-3 bg-slate-50 px-5 py-6 text-sm">
          {chat.messages.map((message, index) => (
            <p
              key={index}
              className={
                message.from === 'agent'
                  ? 'mr-10 rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-slate-800 shadow-sm'
                  : 'ml-10 rounded-2xl rounded-tr-sm bg-brand-600 px-4 py-3 text-white'
              }
            >
              {message.text}
            </p>
          ))}
          <div className="flex items-center gap-2">
            <span className="flex items-center gap-1 rounded-2xl rounded-tl-sm bg-white px-4 py-3.5 shadow-sm">
              {[0, 150, 300].map((delay) => (
                <span
                  key={delay}
                  className="h-2 w-2 rounded-full bg-slate-400 motion-safe:animate-bounce"
                  style={{ animationDelay: `${delay}ms` }}
                />
              ))}
            </span>
            <span className="text-xs text-slate-600">{chat.typingLabel}</span>
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-slate-600">{caption}</figcaption>
    </figure>
  );
}

import type { ComponentChildren, RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

import { useApp } from './app-context.js';

/**
 * One page (or step) of the experience: its heading, the document title, and the tenant's custom
 * content for the page below it.
 */
export const Page = ({
  title,
  description,
  descriptionId,
  contentKey,
  headingRef,
  children,
}: {
  title: string;
  description?: ComponentChildren;
  /** An id for the description, for a field it describes (`aria-describedby`). */
  descriptionId?: string;
  /** Path the tenant's `customContent` is keyed by (e.g. `/sign-in`). */
  contentKey?: string;
  /** For a page that focuses its heading (no field to focus): the heading then takes the focus from script. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children?: ComponentChildren;
}) => {
  const { config } = useApp();
  const appName = config.interaction?.application.name;
  useEffect(() => {
    document.title = appName ? `${title} · ${appName}` : title;
  }, [title, appName]);
  const customContent = contentKey ? config.customContent[contentKey] : undefined;
  return (
    <>
      <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h1>
      {description && (
        <p class="description" id={descriptionId}>
          {description}
        </p>
      )}
      {children}
      {customContent && (
        // The custom content is HTML written by the tenant's administrators in the console (never by
        // end users), the same trust as the custom CSS, so it is inserted as HTML on purpose.
        <div class="custom-content" dangerouslySetInnerHTML={{ __html: customContent }} />
      )}
    </>
  );
};

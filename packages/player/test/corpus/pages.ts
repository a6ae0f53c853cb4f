// Fixture pages of the re-find corpus: markup shaped like real sites (CSS modules, Emotion and
// styled-components class names, framework-generated ids, repeated cards and rows). Each target is marked
// with data-target, an attribute the corpus removes before capturing.

export interface CorpusPage {
  name: string;
  html: string;
}

const shop = `
<header class="Header_root__k2J8d css-1x9z8q" style="display:flex;gap:8px">
  <a href="/" class="Logo_link__p0Q1w" aria-label="Acme home">Acme</a>
  <nav class="Nav_menu__a7B3c">
    <a href="/new" class="Nav_item__q1W2e">New arrivals</a>
    <a href="/women" class="Nav_item__q1W2e" data-target="nav-women">Women</a>
    <a href="/men" class="Nav_item__q1W2e">Men</a>
    <a href="/sale" class="Nav_item__q1W2e css-9k8j7h" data-target="nav-sale">Sale</a>
  </nav>
  <form class="Search_form__z9X8c" role="search">
    <input type="search" name="q" placeholder="Search products" class="Search_input__m3N4b" data-target="search">
    <button type="submit" class="Search_button__v5B6n" aria-label="Search" data-target="search-btn">&#128269;</button>
  </form>
  <button class="Cart_button__l0K9j" id=":r3:" data-target="cart">Cart (2)</button>
</header>
<main class="Main_root__g5H6j">
  <h1 class="Title_h1__t7Y8u">Summer collection</h1>
  <div class="Grid_root__c1V2b">
    <article class="Card_root__x1Y2z"><img src="data:," alt="Linen shirt" width="20" height="20">
      <h2 class="Card_title__a1S2d">Linen shirt</h2><p class="Card_price__f3G4h">€49</p>
      <button class="Button_primary__3xYz1 css-4r5t6y">Add to cart</button>
      <a href="/p/linen-shirt" class="Card_more__h5J6k">Details</a></article>
    <article class="Card_root__x1Y2z"><img src="data:," alt="Denim jacket" width="20" height="20">
      <h2 class="Card_title__a1S2d">Denim jacket</h2><p class="Card_price__f3G4h">€89</p>
      <button class="Button_primary__3xYz1 css-4r5t6y" data-target="add-denim">Add to cart</button>
      <a href="/p/denim-jacket" class="Card_more__h5J6k">Details</a></article>
    <article class="Card_root__x1Y2z"><img src="data:," alt="Canvas sneakers" width="20" height="20">
      <h2 class="Card_title__a1S2d">Canvas sneakers</h2><p class="Card_price__f3G4h">€59</p>
      <button class="Button_primary__3xYz1 css-4r5t6y">Add to cart</button>
      <a href="/p/canvas-sneakers" class="Card_more__h5J6k" data-target="details-sneakers">Details</a></article>
  </div>
  <section class="Newsletter_root__n8M7b" aria-label="Newsletter">
    <h2>Stay in touch</h2>
    <label for="nl-email">Email address</label>
    <input id="nl-email" type="email" name="email" class="Input_field__d4F5g" data-target="nl-email">
    <button type="submit" class="Button_secondary__9oP8i" data-target="nl-submit">Subscribe</button>
  </section>
</main>
<footer class="Footer_root__w2E3r">
  <a href="/help" class="Footer_link__u7I8o" data-target="footer-help">Help center</a>
  <a href="/returns" class="Footer_link__u7I8o">Returns</a>
  <a href="/contact" class="Footer_link__u7I8o" data-target="footer-contact">Contact us</a>
</footer>`;

const signup = `
<div id="root" class="App_root__q8W7e">
  <main class="Layout_main__r5T4y">
    <h1>Create your account</h1>
    <form class="Form_root__a9S8d sc-bdVaJa" novalidate>
      <fieldset class="Form_group__f7G6h"><legend>Identity</legend>
        <div class="Field_row__h5J4k"><label for=":r0:">First name</label>
          <input id=":r0:" name="firstName" class="Input_root__k3L2z sc-htpNat" data-target="first-name"></div>
        <div class="Field_row__h5J4k"><label for=":r1:">Last name</label>
          <input id=":r1:" name="lastName" class="Input_root__k3L2z sc-htpNat" data-target="last-name"></div>
        <div class="Field_row__h5J4k"><label for=":r2:">Email</label>
          <input id=":r2:" type="email" name="email" autocomplete="email" class="Input_root__k3L2z sc-htpNat" data-target="email"></div>
      </fieldset>
      <fieldset class="Form_group__f7G6h"><legend>Security</legend>
        <div class="Field_row__h5J4k"><label for=":r3:">Password</label>
          <input id=":r3:" type="password" name="password" class="Input_root__k3L2z sc-htpNat" data-target="password"></div>
        <div class="Field_row__h5J4k"><label for=":r4:">Confirm password</label>
          <input id=":r4:" type="password" name="passwordConfirm" class="Input_root__k3L2z sc-htpNat"></div>
      </fieldset>
      <div class="Field_row__h5J4k"><label for="country">Country</label>
        <select id="country" name="country" class="Select_root__x2C1v" data-target="country">
          <option>France</option><option>Belgium</option><option>Switzerland</option></select></div>
      <label class="Check_root__v9B8n"><input type="checkbox" name="terms" data-target="terms"> I accept the terms of use</label>
      <label class="Check_root__v9B8n"><input type="checkbox" name="news"> Send me the newsletter</label>
      <div class="Actions_root__b7N6m">
        <button type="button" class="Button_ghost__n5M4q css-7u8i9o" data-target="cancel">Cancel</button>
        <button type="submit" class="Button_primary__3xYz1 css-4r5t6y" data-target="submit">Create account</button>
      </div>
    </form>
    <p class="Hint_root__m3Q2w">Already registered? <a href="/login" data-target="login">Sign in</a></p>
    <p class="Hint_root__m3Q2w"><a href="/privacy" data-target="privacy">Privacy policy</a></p>
  </main>
</div>`;

const row = (name: string, owner: string, target = '') => `
        <tr class="Table_row__r4T5y"><td class="Table_cell__c6V7b">${name}</td><td class="Table_cell__c6V7b">${owner}</td>
          <td class="Table_cell__c6V7b"><button class="IconButton_root__i8O9p" aria-label="Edit ${name}"${target ? ` data-target="${target}-edit"` : ''}>&#9998;</button>
          <button class="IconButton_root__i8O9p IconButton_danger__d1F2g"${target ? ` data-target="${target}-delete"` : ''}>Delete</button></td></tr>`;

const dashboard = `
<div class="Shell_root__s1D2f">
  <aside class="Sidebar_root__a3S4d">
    <nav aria-label="Main menu" class="Sidebar_nav__n5M6b">
      <ul class="Menu_list__l7K8j">
        <li class="Menu_item__m9N0b"><a href="/app" class="Menu_link__k1J2h" data-target="menu-home">Home</a></li>
        <li class="Menu_item__m9N0b"><a href="/app/projects" class="Menu_link__k1J2h Menu_active__a3S4d" data-target="menu-projects">Projects</a></li>
        <li class="Menu_item__m9N0b"><a href="/app/reports" class="Menu_link__k1J2h">Reports</a></li>
        <li class="Menu_item__m9N0b"><a href="/app/team" class="Menu_link__k1J2h" data-target="menu-team">Team</a></li>
        <li class="Menu_item__m9N0b"><a href="/app/settings" class="Menu_link__k1J2h">Settings</a></li>
      </ul>
    </nav>
  </aside>
  <main class="Content_root__c3V4b">
    <div class="Toolbar_root__t5Y6u">
      <h1 class="Toolbar_title__t7Y8u">Projects</h1>
      <input class="Filter_input__f9G0h" type="text" placeholder="Filter projects" data-target="filter">
      <button class="Button_primary__3xYz1 css-4r5t6y" data-target="new-project">New project</button>
      <button class="Button_ghost__n5M4q css-7u8i9o">Export</button>
    </div>
    <div role="tablist" class="Tabs_list__t1Y2u">
      <button role="tab" aria-selected="true" class="Tabs_tab__b3N4m">Active</button>
      <button role="tab" aria-selected="false" class="Tabs_tab__b3N4m" data-target="tab-archived">Archived</button>
      <button role="tab" aria-selected="false" class="Tabs_tab__b3N4m">Shared with me</button>
    </div>
    <table class="Table_root__t3Y4u">
      <thead><tr><th>Name</th><th>Owner</th><th>Actions</th></tr></thead>
      <tbody>${row('Website redesign', 'Alice')}${row('Mobile app', 'Bruno', 'mobile')}${row('Onboarding', 'Chloé')}${row('Billing revamp', 'Driss', 'billing')}
      </tbody>
    </table>
    <div class="Pager_root__p5A6s"><button class="Pager_button__q7W8e" data-target="prev-page">Previous</button>
      <span>Page 1 of 4</span><button class="Pager_button__q7W8e" data-target="next-page">Next</button></div>
  </main>
</div>`;

const section = (title: string, slug: string, fields: string, target: string) => `
    <section class="Panel_root__p1A2s css-2w3e4r" aria-labelledby="${slug}-title">
      <h2 id="${slug}-title" class="Panel_title__p3A4s">${title}</h2>
      ${fields}
      <div class="Panel_footer__f5G6h"><button class="Button_primary__3xYz1 css-4r5t6y"${target ? ` data-target="${target}"` : ''}>Save</button></div>
    </section>`;

const settings = `
<div class="Page_root__g1H2j">
  <h1 class="Page_title__g3H4j">Settings</h1>
  ${section(
    'Profile',
    'profile',
    `<label class="Field_root__x5C6v">Display name <input name="displayName" value="Alice" data-target="display-name"></label>
      <label class="Field_root__x5C6v">Bio <textarea name="bio" data-target="bio"></textarea></label>`,
    'save-profile',
  )}
  ${section(
    'Notifications',
    'notifications',
    `<label class="Switch_root__s7D8f"><input type="checkbox" role="switch" name="emailNotifications" checked data-target="email-switch"> Email notifications</label>
      <label class="Switch_root__s7D8f"><input type="checkbox" role="switch" name="pushNotifications"> Push notifications</label>`,
    'save-notifications',
  )}
  ${section(
    'Billing',
    'billing',
    `<p>Plan: <strong>Team</strong></p><a href="/billing/invoices" class="Link_root__l9K0j" data-target="invoices">See invoices</a>
      <button class="Button_ghost__n5M4q css-7u8i9o" data-target="change-plan">Change plan</button>`,
    '',
  )}
  <section class="Danger_root__d1F2g css-8i9o0p">
    <h2>Danger zone</h2>
    <p>Deleting your account removes all your projects.</p>
    <button class="Button_danger__x3C4v css-5t6y7u" data-target="delete-account">Delete account</button>
  </section>
</div>`;

const post = (title: string, date: string, slug: string, target = '') => `
    <article class="Post_root__p7A8s sc-gzVnrw">
      <h2 class="Post_title__p9A0s"><a href="/blog/${slug}"${target ? ` data-target="${target}-title"` : ''}>${title}</a></h2>
      <time class="Post_date__d1S2f">${date}</time>
      <p class="Post_excerpt__e3D4f">Notes from the team about ${title.toLowerCase()}.</p>
      <a href="/blog/${slug}" class="Post_more__m5N6b sc-htoDjs"${target ? ` data-target="${target}-more"` : ''}>Read more</a>
    </article>`;

const blog = `
<header class="Masthead_root__h1J2k"><a href="/" class="Masthead_logo__h3J4k">The Field Notes</a>
  <button class="Masthead_menu__h5J6k" aria-label="Open menu" aria-expanded="false" data-target="burger">&#9776;</button></header>
<div class="Blog_layout__b7N8m">
  <main class="Blog_main__b9N0m">
    ${post('Shipping faster with small releases', '2026-10-02', 'small-releases')}
    ${post('How we run user interviews', '2026-09-18', 'user-interviews', 'interviews')}
    ${post('A year of accessibility work', '2026-08-30', 'accessibility', 'a11y')}
    ${post('Our remote work handbook', '2026-08-01', 'remote-handbook')}
    <nav class="Pagination_root__p1Q2w" aria-label="Pagination">
      <a href="/blog?page=1" aria-current="page">1</a><a href="/blog?page=2" data-target="page-2">2</a><a href="/blog?page=3">3</a>
      <a href="/blog?page=2" rel="next" data-target="older">Older posts</a></nav>
  </main>
  <aside class="Blog_aside__b1N2m">
    <div class="Widget_root__w3E4r"><h3>Subscribe</h3>
      <form class="Widget_form__w5E6r"><input type="email" placeholder="you@example.com" aria-label="Your email" data-target="subscribe-email">
        <button class="Button_primary__3xYz1 css-4r5t6y" data-target="subscribe">Subscribe</button></form></div>
    <div class="Widget_root__w3E4r"><h3>Tags</h3>
      <a href="/tags/design" class="Tag_root__t7Y8u">design</a> <a href="/tags/process" class="Tag_root__t7Y8u" data-target="tag-process">process</a>
      <a href="/tags/culture" class="Tag_root__t7Y8u">culture</a></div>
  </aside>
</div>`;

const admin = `
<div id="ember412" class="ember-view Admin_root__a1B2c">
  <div role="menubar" aria-label="Admin" class="Menubar_root__m3B4n">
    <button role="menuitem" id="radix-:r7:" class="Menubar_item__m5B6n" data-target="menu-file">File</button>
    <button role="menuitem" id="radix-:r8:" class="Menubar_item__m5B6n">Edit</button>
    <button role="menuitem" id="radix-:r9:" class="Menubar_item__m5B6n" data-target="menu-view">View</button>
    <button role="menuitem" id="radix-:ra:" class="Menubar_item__m5B6n">Help</button>
  </div>
  <div class="Panel_root__p1A2s">
    <div role="tablist" aria-label="Sections" class="Tabs_list__t1Y2u">
      <button role="tab" id="«r1»" aria-selected="true">Users</button>
      <button role="tab" id="«r2»" aria-selected="false" data-target="tab-groups">Groups</button>
      <button role="tab" id="«r3»" aria-selected="false">Audit log</button>
    </div>
    <div class="Toolbar_root__t5Y6u">
      <div role="combobox" aria-expanded="false" aria-haspopup="listbox" aria-label="Role filter" tabindex="0" class="Combo_root__c7V8b css-3e4r5t" data-target="role-filter">All roles</div>
      <button class="IconButton_root__i8O9p" aria-label="Refresh" data-target="refresh">&#8635;</button>
      <button class="IconButton_root__i8O9p" aria-label="Download CSV">&#8615;</button>
      <button class="IconButton_root__i8O9p" aria-label="Invite user" data-testid="invite-user" data-target="invite">+</button>
    </div>
    <ul class="UserList_root__u1I2o">
      <li class="UserList_item__u3I4o" id="ember501"><span>alice@example.com</span> <button class="Chip_root__c5V6b">Admin</button> <button class="Link_button__l7K8j">Remove</button></li>
      <li class="UserList_item__u3I4o" id="ember502"><span>bruno@example.com</span> <button class="Chip_root__c5V6b" data-target="bruno-role">Member</button> <button class="Link_button__l7K8j" data-target="bruno-remove">Remove</button></li>
      <li class="UserList_item__u3I4o" id="ember503"><span>chloe@example.com</span> <button class="Chip_root__c5V6b">Member</button> <button class="Link_button__l7K8j">Remove</button></li>
    </ul>
    <div class="Footer_root__w2E3r"><span>3 users</span><a href="/admin/help" data-cy="admin-help" data-target="admin-help">Need help?</a></div>
  </div>
</div>`;

// Written after the player's weights were tuned on the six pages above, to check they were not overfitted.
const flight = (from: string, to: string, time: string, price: string, target = '') => `
      <li class="Results_item__r1E2s css-9f8e7d" role="listitem">
        <div class="Flight_route__f3G4h"><span>${from}</span> → <span>${to}</span></div>
        <div class="Flight_time__t5Y6u">${time}</div><strong class="Flight_price__p7A8s">${price}</strong>
        <button class="Button_primary__3xYz1 css-4r5t6y" title="Select flight ${from} ${to} ${time}"${target ? ` data-target="${target}"` : ''}>Select</button>
      </li>`;

const travel = `
<div id="__next"><div class="Page_wrapper__w1Q2e">
  <header class="TopBar_root__t9Y8u"><a href="/" class="TopBar_brand__b7N6m">SkyHop</a>
    <button class="TopBar_lang__l5K4j" aria-haspopup="menu" data-target="lang">EN</button>
    <a href="/account" class="TopBar_account__a3S2d" title="My account" data-target="account"><svg width="16" height="16" aria-hidden="true"></svg></a></header>
  <form class="Search_root__s1D2f" role="search" aria-label="Find flights">
    <div class="Search_field__f3G4h"><span id="from-label">From</span>
      <input aria-labelledby="from-label" value="Paris" class="Search_input__i5O6p" data-target="from"></div>
    <div class="Search_field__f3G4h"><span id="to-label">To</span>
      <input aria-labelledby="to-label" value="Lisbon" class="Search_input__i5O6p" data-target="to"></div>
    <div class="Search_field__f3G4h"><label>Depart <input type="date" name="depart" data-target="depart"></label></div>
    <div class="Search_field__f3G4h"><label>Passengers <select name="pax"><option>1</option><option>2</option></select></label></div>
    <button class="Button_primary__3xYz1 css-4r5t6y" type="submit" data-target="find">Find flights</button>
  </form>
  <div class="Results_layout__l1K2j">
    <aside class="Filters_root__f1G2h"><h2>Filters</h2>
      <fieldset><legend>Stops</legend>
        <label><input type="checkbox" name="stops" value="0" data-target="nonstop"> Non-stop</label>
        <label><input type="checkbox" name="stops" value="1"> 1 stop</label></fieldset>
      <fieldset><legend>Airlines</legend>
        <label><input type="checkbox" name="airline" value="TP"> TAP</label>
        <label><input type="checkbox" name="airline" value="AF" data-target="airline-af"> Air France</label></fieldset>
      <button class="Link_button__l7K8j" type="reset" data-target="clear">Clear all</button></aside>
    <ul class="Results_list__r3E4s">${flight('CDG', 'LIS', '07:10', '€89')}${flight('ORY', 'LIS', '09:45', '€64', 'select-ory')}${flight('CDG', 'LIS', '13:20', '€112')}${flight('BVA', 'LIS', '18:05', '€41', 'select-bva')}
    </ul>
  </div>
  <footer class="Footer_root__w2E3r"><a href="/help/baggage" data-target="baggage">Baggage rules</a> · <a href="/help/refunds">Refunds</a></footer>
</div></div>`;

const docs = `
<div class="DocsLayout_root__d1L2k">
  <nav class="DocsNav_root__n1V2b" aria-label="Documentation">
    <h2 class="DocsNav_title__n3V4b">Guides</h2>
    <ul><li><a href="/docs/start" data-target="doc-start">Getting started</a></li>
      <li><a href="/docs/install">Installation</a></li>
      <li><a href="/docs/config" data-target="doc-config">Configuration</a></li></ul>
    <h2 class="DocsNav_title__n3V4b">Reference</h2>
    <ul><li><a href="/docs/api">API</a></li><li><a href="/docs/cli" data-target="doc-cli">Command line</a></li>
      <li><a href="/docs/config-file">Configuration file</a></li></ul>
  </nav>
  <article class="DocsContent_root__c1N2m">
    <h1>Configuration</h1>
    <div class="Callout_root__c3N4m" role="note"><p>Restart the server after every change.</p>
      <button class="Callout_close__c5N6m" aria-label="Dismiss note" data-target="dismiss">×</button></div>
    <h2 id="options">Options</h2>
    <div class="CodeBlock_root__k1J2h"><pre><code>port: 8080</code></pre>
      <button class="CodeBlock_copy__k3J4h" data-target="copy-port">Copy</button></div>
    <h2 id="env">Environment</h2>
    <div class="CodeBlock_root__k1J2h"><pre><code>HOST=0.0.0.0</code></pre>
      <button class="CodeBlock_copy__k3J4h">Copy</button></div>
    <div class="Feedback_root__f1B2n"><span>Was this page helpful?</span>
      <button class="Feedback_yes__f3B4n" data-target="helpful-yes">Yes</button><button class="Feedback_no__f5B6n">No</button></div>
    <a href="https://example.com/edit/docs/config.md" class="EditLink_root__e1D2f" data-target="edit">Edit this page</a>
  </article>
  <aside class="Toc_root__t1O2c" aria-label="On this page"><a href="#options" data-target="toc-options">Options</a><a href="#env">Environment</a></aside>
</div>`;

// Written after the second round of changes, as a second held-out check (figures in the commit history).
const mail = (from: string, subject: string, target = '') => `
        <div role="row" class="MailRow_root__m1R2w css-1q9w8e" tabindex="-1">
          <span role="gridcell" class="MailRow_from__m3R4w">${from}</span>
          <span role="gridcell" class="MailRow_subject__m5R6w">${subject}</span>
          <span role="gridcell"><div role="button" tabindex="0" class="Icon_btn__i1C2o" aria-label="Archive"${target ? ` data-target="${target}-archive"` : ''}>&#128230;</div>
          <div role="button" tabindex="0" class="Icon_btn__i1C2o" aria-label="Star"${target ? ` data-target="${target}-star"` : ''}>&#9734;</div></span>
        </div>`;

const inbox = `
<mail-app class="MailApp_root__a1P2p">
  <div class="MailApp_side__a3P4p">
    <div role="button" tabindex="0" class="Compose_btn__c1M2p sc-kAzzGY" data-target="compose">Compose</div>
    <ul role="tree" aria-label="Folders" class="Folders_root__f1L2d">
      <li role="treeitem" aria-selected="true">Inbox <span class="Badge_root__b1D2g">12</span></li>
      <li role="treeitem" data-target="folder-sent">Sent</li>
      <li role="treeitem">Drafts <span class="Badge_root__b1D2g">2</span></li>
      <li role="treeitem" data-target="folder-spam">Spam</li>
    </ul>
  </div>
  <div class="MailApp_main__a5P6p">
    <div class="MailToolbar_root__t1B2r">
      <input type="checkbox" aria-label="Select all" data-target="select-all">
      <button class="MailToolbar_btn__t3B4r" title="Refresh" data-target="mail-refresh"><img src="data:," alt="" width="12" height="12"></button>
      <button class="MailToolbar_btn__t3B4r" title="Mark as read">&#10003;</button>
      <input type="search" class="MailSearch_input__s1E2a" aria-label="Search mail" data-target="search-mail">
    </div>
    <div role="grid" aria-label="Messages" class="MailGrid_root__g1R2d">${mail('Alice Martin', 'Quarterly report')}${mail('Bruno Diaz', 'Team lunch on Friday', 'bruno')}${mail('Chloé Petit', 'Invoice #2291')}${mail('Driss Amrani', 'Design review notes', 'driss')}
    </div>
  </div>
</mail-app>`;

const checkout = `
<div class="Checkout_root__c7H8k">
  <ol class="Steps_root__s1T2p" aria-label="Checkout steps"><li>Cart</li><li aria-current="step">Delivery</li><li>Payment</li></ol>
  <form class="Checkout_form__c9H0k" action="/checkout" method="post">
    <fieldset class="Choice_group__g1H2j"><legend>Delivery method</legend>
      <label class="Choice_root__r1A2d"><input type="radio" name="delivery" value="standard" checked> Standard (3–5 days)</label>
      <label class="Choice_root__r1A2d"><input type="radio" name="delivery" value="express" data-target="express"> Express (next day)</label>
      <label class="Choice_root__r1A2d"><input type="radio" name="delivery" value="pickup"> Pick up in store</label></fieldset>
    <fieldset class="Choice_group__g1H2j"><legend>Address</legend>
      <div class="Field_row__h5J4k"><label for="addr-street">Street</label><input id="addr-street" name="street" autocomplete="street-address" data-target="street"></div>
      <div class="Field_row__h5J4k"><label for="addr-zip">Postcode</label><input id="addr-zip" name="zip" inputmode="numeric" data-target="zip"></div>
      <div class="Field_row__h5J4k"><label for="addr-city">City</label><input id="addr-city" name="city"></div></fieldset>
    <details class="Promo_root__p3R4o"><summary data-target="promo-toggle">Have a promo code?</summary>
      <input name="promo" aria-label="Promo code"> <button type="button">Apply</button></details>
    <table class="Summary_root__s3U4m"><caption>Order summary</caption>
      <tr><th scope="row">Subtotal</th><td>€120.00</td></tr>
      <tr><th scope="row">Delivery</th><td>€4.90</td></tr>
      <tr><th scope="row">Total</th><td data-target="total">€124.90</td></tr></table>
    <div class="Checkout_actions__a1C2t">
      <a href="/cart" class="Link_root__l9K0j" data-target="back-cart">Back to cart</a>
      <input type="submit" value="Continue to payment" class="Button_primary__3xYz1 css-4r5t6y" data-target="continue">
    </div>
  </form>
</div>`;

export const PAGES: CorpusPage[] = [
  { name: 'shop', html: shop },
  { name: 'signup', html: signup },
  { name: 'dashboard', html: dashboard },
  { name: 'settings', html: settings },
  { name: 'blog', html: blog },
  { name: 'admin', html: admin },
  { name: 'travel', html: travel },
  { name: 'docs', html: docs },
  { name: 'inbox', html: inbox },
  { name: 'checkout', html: checkout },
];

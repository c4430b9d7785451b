extension AdminPage {
    /// The page's look: large targets for a thumb, the reader's paper and ink, dark when the phone is.
    static let style = #"""
:root{--paper:#fbfaf7;--ink:#1d1b18;--soft:#6b665e;--line:#dedad2;--card:#fff;--accent:#b3471d;--good:#2f7d32;--bad:#b3261e}
@media (prefers-color-scheme:dark){:root{--paper:#161514;--ink:#ece8e1;--soft:#a39d93;--line:#3a3733;--card:#211f1d;--accent:#f08a5d;--good:#7bc47f;--bad:#f2867e}}
*{box-sizing:border-box}
body{margin:0;background:var(--paper);color:var(--ink);font:17px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:0 14px 40px}
header{padding:18px 0 6px}
h1{font-size:1.5em;margin:0}
h2{font-size:1.15em;margin:0 0 10px}
section{background:var(--card);border:1px solid var(--line);border-radius:14px;padding:14px;margin:14px 0}
p{margin:6px 0}
a{color:var(--accent)}
.soft{color:var(--soft);font-size:.9em}
label{display:block;font-weight:600;margin:10px 0 4px}
input,select,button{font:inherit;color:inherit}
input,select{width:100%;min-height:44px;padding:8px 10px;border:1px solid var(--line);border-radius:10px;background:var(--paper)}
button{min-height:44px;padding:8px 16px;border-radius:10px;border:0;background:var(--accent);color:#fff;font-weight:600}
button.quiet{background:transparent;color:var(--accent);border:1px solid var(--line)}
.row{display:flex;gap:8px;align-items:flex-end}
.row>*{flex:1}
.row>button{flex:none}
ul{list-style:none;margin:0;padding:0}
li{border-top:1px solid var(--line);padding:10px 0}
li:first-child{border-top:0}
.feed-title{font-weight:600;overflow-wrap:anywhere}
.feed-url{color:var(--soft);font-size:.85em;overflow-wrap:anywhere}
.actions{display:flex;gap:8px;margin-top:6px}
.actions button{min-height:38px;padding:4px 12px}
.count{float:right;color:var(--soft);font-size:.9em;margin-left:8px}
.status{min-height:1.4em;margin-top:8px;font-weight:600}
.status.good{color:var(--good)}
.status.bad{color:var(--bad)}
.muted .feed-title{color:var(--soft)}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:0 10px}
.from{color:var(--soft);font-weight:400;font-size:.85em}
[hidden]{display:none!important}
"""#
}

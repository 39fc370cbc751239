/// The page's fixed CSS, scripts and footer. Kept as literals in the binary: the report must
/// open from disk with no network and nothing but its own folder.
enum PageAssets {
    static let css = """
    :root{--fail:#D55E00;--pass:#007A5A;--ink:#1a1a1a;--muted:#555;--line:#ddd}
    *{box-sizing:border-box}
    body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);margin:0 auto;max-width:1280px;padding:16px 24px 48px}
    h1{margin:.2em 0}h2{margin:.3em 0;font-size:1.3em}h3{margin:1em 0 .3em;font-size:1.05em}
    code{font:13px ui-monospace,Menlo,Consolas,monospace;background:#f3f3f3;padding:0 3px;border-radius:3px}
    .muted{color:var(--muted)}.violation{color:var(--fail)}
    .badge{display:inline-block;padding:1px 8px;border-radius:10px;font-weight:600;font-size:.85em;color:#fff;white-space:nowrap}
    .badge.pass{background:var(--pass)}.badge.fail{background:var(--fail)}.badge.none{background:#888}
    #js-status{font-size:.85em;color:var(--muted)}#js-status::before{content:"Scripts: "}
    .nowrap{white-space:nowrap}#js-status[data-status=error]{color:var(--fail);font-weight:600}
    table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:4px 8px;border-bottom:1px solid var(--line)}
    .summary table{font-size:.9em}.summary code{font-size:12px}
    th{background:#f6f6f6;font-weight:600}.num{text-align:right;font-variant-numeric:tabular-nums}
    tr.fail td{background:#fdf1ea}tr.detail>td{background:#fff;padding:0 8px 16px}
    .filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:8px 0;font-size:.9em}
    .filters select,.filters input{font:inherit;padding:2px 4px}
    th[data-sort]{cursor:pointer;user-select:none}th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
    .summary tr:not(.detail)>td:last-child{max-width:520px;font-size:.9em}
    section.scenario{border-top:3px solid var(--line);margin-top:8px;padding-top:8px;font-size:15px}
    section.scenario.fail{border-top-color:var(--fail)}
    .meta{color:var(--muted);margin:.2em 0}.description{margin:.3em 0 .6em;max-width:900px}
    .problems{border-left:4px solid var(--fail);background:#fdf1ea;padding:4px 12px;margin:8px 0}
    .charts svg.chart{display:block;width:100%;max-width:900px;height:auto}
    svg.chart text{font-size:13px;fill:#222}svg.chart .chart-title{font-size:15px;font-weight:600}
    svg.chart .axis-title{font-size:13px;font-weight:600}svg.chart .tick-label{font-size:12px;fill:#333}
    svg.chart .legend-label{font-size:12.5px}
    .row{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
    .timing{flex:1 1 560px;min-width:0}.timing svg.chart{width:100%;max-width:900px;height:auto}
    .stats td,.stats th{text-align:right;font-variant-numeric:tabular-nums;font-size:.9em}
    .player{display:flex;flex-direction:column;gap:6px;width:220px}
    .player .controls{display:flex;gap:6px;align-items:center}.player input[type=range]{flex:1}
    .player button{width:34px;height:28px;cursor:pointer}
    .readout{font:12px ui-monospace,Menlo,Consolas,monospace;min-height:3em}
    svg.frame-svg{display:block;background:#111;border-radius:6px}
    .filmstrip{display:flex;flex-wrap:wrap;gap:10px}
    .filmstrip figure{margin:0;width:132px;cursor:pointer}
    .filmstrip figure.has-violation svg{outline:3px solid var(--fail)}
    .filmstrip figcaption{font-size:11.5px;line-height:1.3;margin-top:3px}
    .filmstrip .notes{color:var(--fail)}
    svg.defs{position:absolute;width:0;height:0;overflow:hidden}
    footer{margin-top:40px;border-top:1px solid var(--line);color:var(--muted);font-size:.9em}
    """

    /// First script on the page: records every uncaught error (and those a scrubber catches so the
    /// others still work) on `<html data-js-errors>` and in `#js-status`, which
    /// `scripts/check-report` reads from the dumped DOM.
    static let errorTrap = """
    (function(){var errors=[];
    function show(){var s=document.getElementById('js-status');document.documentElement.setAttribute('data-js-errors',String(errors.length));
    if(!s)return;if(errors.length){s.setAttribute('data-status','error');s.textContent='JavaScript errors: '+errors.join(' | ');}}
    window.addEventListener('error',function(e){errors.push(String(e.message||e)+(e.lineno?' (line '+e.lineno+')':''));show();});
    window.cropsimError=function(e){errors.push(String(e&&e.message||e));show();};
    window.cropsimTimings=function(t){window.cropsimP95=t;};
    window.cropsimScriptsDone=function(){show();if(!errors.length){var s=document.getElementById('js-status');s.setAttribute('data-status','ok');s.textContent='ok';}};
    })();
    """

    /// The summary's controls and its empty table, which the script fills from the `rows` block.
    static let summaryShell = """
    <section class="summary"><h2>Summary</h2>
    <form class="filters" id="filters" onsubmit="return false">
    <label>Result <select name="result"><option value="">all</option><option value="fail">failed</option><option value="pass">passed</option><option value="na">not applicable</option></select></label>
    <label>Group <select name="group"><option value="">all</option></select></label>
    <label>Requirement <select name="req"><option value="">all</option></select></label>
    <label>Invariant <select name="inv"><option value="">all</option></select></label>
    <label>Search <input type="search" name="q" placeholder="id, name, R-id, invariant"></label>
    <span id="shown" class="muted"></span> <button type="button" id="more" hidden>Show more</button></form>
    <table id="summary"><thead><tr><th data-sort="pass">Result</th><th data-sort="id">Scenario</th><th data-sort="g">Group</th>\
    <th class="num" data-sort="ticks">Ticks</th><th class="num" data-sort="v">Violations</th><th data-sort="h">Haptics</th>\
    <th class="num" data-sort="p95">p95 model time / tick</th><th>Problems</th></tr></thead><tbody></tbody></table></section>

    """

    /// The summary table, at most 200 rows at a time ("Show more" adds 200: a browser lays out a
    /// 5,000-row table slowly, and nobody reads one) — sort by a column header, filter by the
    /// form; the state lives in the
    /// URL's hash, e.g. `#result=fail&group=gestures&open=gestures/pinch-out-to-max`, so a link
    /// reopens the same view; `open=*` opens every shown row) and the details: opening a row
    /// adds `<script src="scenarios/<id>/detail.js">`, which calls `cropsimDetail(id, html)`, and
    /// `…/timing.js`, which calls `cropsimTiming(id, html)` with the measured part (the frame-time
    /// histogram), put into the section's `.timing` box whichever arrives first. The p95 column
    /// comes from `timings.js` (`cropsimTimings`), loaded before this script.
    /// Scrubbers redraw the frame SVG at any tick from the section's data block, move the
    /// timeline cursors, play at 60 Hz, and jump to a filmstrip frame when it is clicked. A
    /// scrubber or detail that fails is reported; the others still work.
    static let script = FrameDrawing.script + """
    (function(){
    function num(x,d){return String(Math.round(x*Math.pow(10,d))/Math.pow(10,d));}
    function set(el,attrs){for(var k in attrs)el.setAttribute(k,attrs[k]);}
    function esc(s){return String(s).replace(/[&<>"']/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c];});}
    function dur(ns){if(ns==null)return '–';var us=ns/1000;return us<1?num(ns,0)+' ns':us<1000?num(us,us<10?2:1)+' µs':num(us/1000,2)+' ms';}
    var rows=JSON.parse(document.getElementById('rows').textContent);
    var p95=window.cropsimP95||{},byId={};rows.forEach(function(r){r.p95=typeof p95[r.id]==='number'?p95[r.id]:null;byId[r.id]=r;});
    var form=document.getElementById('filters'),tbody=document.querySelector('#summary tbody'),shown=document.getElementById('shown');
    var PAGE=200,state={result:'',group:'',req:'',inv:'',q:'',sort:'',open:[]},limit=PAGE,more=document.getElementById('more');
    var details={},pending={},timings={};
    function options(name,values){var sel=form.elements[name];values.sort().forEach(function(v){var o=document.createElement('option');o.value=o.textContent=v;sel.appendChild(o);});}
    function uniq(f){var seen={};rows.forEach(function(r){[].concat(f(r)).forEach(function(v){seen[v]=1;});});return Object.keys(seen);}
    options('group',uniq(function(r){return r.g;}));options('req',uniq(function(r){return r.cov;}));options('inv',uniq(function(r){return r.inv;}));
    function readHash(){
      var h=location.hash.replace(/^#/,'');if(!h)return;
      h.split('&').forEach(function(kv){var i=kv.indexOf('=');if(i<0)return;var k=kv.slice(0,i),v=decodeURIComponent(kv.slice(i+1));
        if(k==='open')state.open=v?v.split(','):[];else if(k in state)state[k]=v;});
      ['result','group','req','inv','q'].forEach(function(k){form.elements[k].value=state[k];});
    }
    function writeHash(){
      var parts=[];['result','group','req','inv','q','sort'].forEach(function(k){if(state[k])parts.push(k+'='+encodeURIComponent(state[k]));});
      if(state.open.length)parts.push('open='+state.open.map(encodeURIComponent).join(','));
      try{history.replaceState(null,'',parts.length?'#'+parts.join('&'):location.pathname+location.search);}catch(e){}
    }
    function matches(r){
      if(state.result&&state.result!==(r.na?'na':r.pass?'pass':'fail'))return false;
      if(state.group&&r.g!==state.group)return false;
      if(state.req&&r.cov.indexOf(state.req)<0)return false;
      if(state.inv&&r.inv.indexOf(state.inv)<0)return false;
      if(state.q){var q=state.q.toLowerCase();if([r.id,r.name].concat(r.cov,r.inv).join(' ').toLowerCase().indexOf(q)<0)return false;}
      return true;
    }
    function sorted(list){
      if(!state.sort)return list;
      var desc=state.sort.charAt(0)==='-',key=desc?state.sort.slice(1):state.sort;
      return list.slice().sort(function(a,b){var x=a[key],y=b[key],c=x<y?-1:x>y?1:0;if(!c)c=a.id<b.id?-1:a.id>b.id?1:0;return desc?-c:c;});
    }
    function render(){
      var t0=performance.now(),all=sorted(rows.filter(matches)),list=all.slice(0,limit),open={},html=[];
      if(state.open.length===1&&state.open[0]==='*')state.open=list.map(function(r){return r.id;});
      state.open.forEach(function(id){open[id]=1;});
      list.forEach(function(r){
        html.push('<tr class="'+(r.na?'na':r.pass?'pass':'fail')+'" data-id="'+esc(r.id)+'"><td>'+(r.na?'<span class="badge none">n/a</span>':r.pass?'<span class="badge pass">✓ pass</span>':'<span class="badge fail">✗ fail</span>')+
          '</td><td><a href="#" class="open" aria-expanded="'+(open[r.id]?'true':'false')+'">'+esc(r.name)+'</a><br><code>'+esc(r.id)+'</code></td><td>'+esc(r.g)+
          '</td><td class="num">'+r.ticks+'</td><td class="num">'+r.v+'</td><td>'+(r.h?esc(r.h):'<span class="muted">none</span>')+
          '</td><td class="num">'+dur(r.p95)+'</td><td>'+(r.prob||'')+'</td></tr>');
        if(open[r.id])html.push('<tr class="detail" data-for="'+esc(r.id)+'"><td colspan="8"></td></tr>');
      });
      tbody.innerHTML=html.join('');
      shown.textContent=list.length<all.length?list.length+' of '+all.length+' matching shown ('+rows.length+' in all)':all.length+' of '+rows.length+' shown';
      more.hidden=list.length>=all.length;more.textContent='Show '+Math.min(PAGE,all.length-list.length)+' more';
      document.querySelectorAll('#summary th[data-sort]').forEach(function(th){var k=th.getAttribute('data-sort');
        th.setAttribute('aria-sort',state.sort===k?'ascending':state.sort==='-'+k?'descending':'none');});
      tbody.querySelectorAll('tr.detail').forEach(function(tr){var id=tr.getAttribute('data-for');
        if(details[id])tr.firstChild.appendChild(details[id]);else{tr.firstChild.textContent='Loading scenarios/'+id+'/detail.js…';load(id);}});
      writeHash();
      document.documentElement.setAttribute('data-render-ms',String(Math.round(performance.now()-t0)));
    }
    function script(id,name,onerror){
      var s=document.createElement('script');
      s.src='scenarios/'+id.split('/').map(encodeURIComponent).join('/')+'/'+name;
      s.onerror=function(){onerror(s.getAttribute('src'));};
      document.head.appendChild(s);
    }
    function load(id){
      if(pending[id])return;pending[id]=1;
      script(id,'detail.js',function(src){cropsimError('cannot load '+src);attach(id,null,'The detail could not be loaded: '+src+' is missing.');});
      // Timings are measured and kept apart; without them the detail still works.
      script(id,'timing.js',function(src){timings[id]='<p class="muted">No measured frame times: '+esc(src)+' is missing.</p>';fillTiming(id);});
    }
    function fillTiming(id){
      var node=details[id],box=node&&node.querySelector&&node.querySelector('.timing');
      if(box&&timings[id]!=null){box.innerHTML='<h3>Frame time</h3>'+timings[id];box.setAttribute('data-loaded','true');}
    }
    window.cropsimTiming=function(id,html){timings[id]=html;fillTiming(id);};
    function attach(id,node,message){
      if(!node){node=document.createElement('p');node.className='muted';node.textContent=message;}
      details[id]=node;
      tbody.querySelectorAll('tr.detail').forEach(function(tr){if(tr.getAttribute('data-for')===id){tr.firstChild.textContent='';tr.firstChild.appendChild(node);}});
    }
    window.cropsimDetail=function(id,html){
      var t=document.createElement('template');t.innerHTML=html;var node=t.content.firstElementChild;
      attach(id,node);fillTiming(id);
      node.querySelectorAll('.player').forEach(function(p){try{setUp(p);}catch(e){cropsimError(e);}});
      document.documentElement.setAttribute('data-details-loaded',String(document.querySelectorAll('#summary tr.detail section').length));
    };
    form.addEventListener('input',function(e){var n=e.target.name;if(n in state){state[n]=e.target.value;limit=PAGE;render();}});
    more.addEventListener('click',function(){limit+=PAGE;render();});
    document.querySelectorAll('#summary th[data-sort]').forEach(function(th){th.addEventListener('click',function(){
      var k=th.getAttribute('data-sort');state.sort=state.sort===k?'-'+k:k;render();});});
    tbody.addEventListener('click',function(e){
      var a=e.target.closest('a.open');if(!a)return;e.preventDefault();
      var id=a.closest('tr').getAttribute('data-id'),i=state.open.indexOf(id);
      if(i<0)state.open.push(id);else state.open.splice(i,1);render();
    });
    function setUp(p){
      var d=JSON.parse(document.getElementById(p.getAttribute('data-src')).textContent);
      var section=p.closest('section');
      var svg=p.querySelector('svg.frame-svg'),range=p.querySelector('input[type=range]'),out=p.querySelector('.readout');
      var cursors=[].map.call(section.querySelectorAll('svg.timeline'),function(c){return {line:c.querySelector('.cursor'),x0:+c.getAttribute('data-x0'),dx:+c.getAttribute('data-dx')};});
      var phases={i:'idle',p:'pan',z:'pinch'};
      function view(i){var v=d.views[0];for(var k=1;k<d.views.length&&d.views[k][0]<=i;k++)v=d.views[k];return v;}
      function draw(i){
        var v=view(i),vw=v[1],vh=v[2],r=v[3]/2,s=d.scale[i],tx=d.tx[i],ty=d.ty[i];
        var flags=+d.flags[i],tick=d.tick?d.tick[i]:i;
        var t=d.touches[i];
        cropsimDrawFrame(svg,{vw:vw,vh:vh,r:r,img:d.img,scale:s,tx:tx,ty:ty,grid:flags&1,instr:flags&2,touches:t,
          angle:d.angle?d.angle[i]:0,guide:flags&4,label:d.angle&&d.phase[i]==='z'},220);
        cursors.forEach(function(c){set(c.line,{x1:num(c.x0+tick*c.dx,2),x2:num(c.x0+tick*c.dx,2)});});
        out.textContent='tick '+tick+' · '+num(tick/60,3)+' s · '+phases[d.phase[i]]+'\\ns '+num(s,5)+' · tx '+num(tx,2)+' pt · ty '+num(ty,2)+' pt · fingers '+(t.length/2);
        p.setAttribute('data-drawn-tick',String(tick));
      }
      range.addEventListener('input',function(){stop();draw(+range.value);});
      var timer=null,button=p.querySelector('button.play');
      function stop(){if(timer){clearInterval(timer);timer=null;button.textContent='▶';}}
      button.addEventListener('click',function(){
        if(timer){stop();return;}
        if(+range.value>=+range.max)range.value=0;
        button.textContent='❚❚';
        timer=setInterval(function(){var i=+range.value+1;if(i>+range.max){stop();return;}range.value=i;draw(i);},1000/60);
      });
      section.querySelectorAll('.filmstrip figure').forEach(function(f){f.addEventListener('click',function(){stop();range.value=f.getAttribute('data-index');draw(+range.value);});});
      draw(0);
    }
    readHash();
    render();
    window.addEventListener('hashchange',function(){readHash();render();});
    window.cropsimScriptsDone();
    })();
    """

    static let footer = """
    <p>Timelines: the line is the editor's value each tick; the blue band is the range the model allows (zoom within [s_min, s_max], \
    translation within ±maxTx / ±maxTy); yellow spans are pans, green spans pinches; ▼ marks a haptic, a red × and dashed line a \
    violation; the dotted line follows the scrubber. Frames show the photo (or a test pattern with an "F" in its top-left corner), \
    92 % dimming outside the mask, the grid while it is visible, the instruction text until the first gesture, and fingertips in orange.</p>
    <p>Model time per tick is measured and differs between runs: it comes from <code>timings.js</code> (the p95 column) and \
    <code>scenarios/&lt;id&gt;/timing.js</code> (the frame-time histograms); everything else on this page is deterministic. \
    Open a scenario to load its details (<code>scenarios/&lt;id&gt;/detail.js</code>); \
    the logs behind them are in the same folders next to this file; <code>trace.json</code> opens in ui.perfetto.dev. See docs/reports.md.</p>
    """
}

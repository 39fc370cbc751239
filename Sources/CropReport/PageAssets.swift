/// The page's fixed CSS, scripts and footer. Kept as literals in the binary: the report must
/// open from disk with no network and no files beside it.
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
    tr.fail td{background:#fdf1ea}
    .summary td:last-child{max-width:520px;font-size:.9em}
    section.scenario{border-top:3px solid var(--line);margin-top:28px;padding-top:8px}
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
    window.cropsimScriptsDone=function(){show();if(!errors.length){var s=document.getElementById('js-status');s.setAttribute('data-status','ok');s.textContent='ok';}};
    })();
    """

    /// Scrubbers: redraw the frame SVG at any tick from the section's data block, move the
    /// timeline cursors, play at 60 Hz, and jump to a filmstrip frame when it is clicked. A
    /// scrubber that fails to set up is reported and skipped; the others still work.
    static let script = FrameDrawing.script + """
    (function(){
    function num(x,d){return String(Math.round(x*Math.pow(10,d))/Math.pow(10,d));}
    function set(el,attrs){for(var k in attrs)el.setAttribute(k,attrs[k]);}
    document.querySelectorAll('.player').forEach(function(p){try{setUp(p);}catch(e){cropsimError(e);}});
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
    window.cropsimScriptsDone();
    })();
    """

    static let footer = """
    <p>Timelines: the line is the editor's value each tick; the blue band is the range the model allows (zoom within [s_min, s_max], \
    translation within ±maxTx / ±maxTy); yellow spans are pans, green spans pinches; ▼ marks a haptic, a red × and dashed line a \
    violation; the dotted line follows the scrubber. Frames show the photo (or a test pattern with an "F" in its top-left corner), \
    92 % dimming outside the mask, the grid while it is visible, the instruction text until the first gesture, and fingertips in orange.</p>
    <p>Model time per tick is measured and differs between runs; everything else on this page is deterministic. \
    The logs behind it are in <code>scenarios/&lt;id&gt;/</code> next to this file; <code>trace.json</code> opens in ui.perfetto.dev. See docs/reports.md.</p>
    """
}

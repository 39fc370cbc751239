import CropFrames
import CropScenario
import CropSim
import CropText
import CropVocabulary

/// The studio's one page. It draws frames with the report's own drawing code
/// (`FrameDrawing`), turns Pointer Events into timed touch samples, and sends them; every pose,
/// phase, haptic, tip and violation it shows came back from the server. Nothing is simulated here.
enum StudioPage {
    static let html = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>cropsim studio</title>
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <style>
        :root{--fail:#D55E00;--ink:#1a1a1a;--muted:#555;--line:#ddd;--haptic:#E69F00}
        *{box-sizing:border-box}
        body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);margin:0;padding:10px 16px}
        h1{font-size:18px;margin:0 0 6px}h2{font-size:14px;margin:10px 0 4px}
        #main{display:flex;gap:18px;align-items:flex-start}
        #left{flex:none;display:flex;flex-direction:column;gap:4px}
        #stage{position:relative;flex:none}
        #stage svg.frame-svg{display:block;background:#111;border-radius:8px;touch-action:none;user-select:none;cursor:crosshair}
        #stage.violation svg.frame-svg{outline:4px solid var(--fail)}
        #pulse{position:absolute;right:8px;top:8px;width:26px;height:26px;border-radius:50%;background:var(--haptic);opacity:0;transition:opacity .25s}
        #pulse.on{opacity:1;transition:none}
        #side{flex:1;min-width:320px;max-width:640px}
        .row{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:4px 0}
        button{padding:3px 9px;cursor:pointer}
        input[type=text]{width:150px}
        #readout{font:13px/1.45 system-ui,sans-serif;white-space:pre-wrap;background:#f6f6f6;padding:6px;border-radius:4px;min-height:7.5em}
        #haptics span{display:inline-block;background:var(--haptic);color:#000;border-radius:9px;padding:0 7px;margin:1px;font-size:12px}
        #violations{color:var(--fail);font-weight:600}
        #notice{color:var(--fail)}#saved{font-size:13px}
        .muted{color:var(--muted);font-size:12px}
        svg.defs{position:absolute;width:0;height:0;overflow:hidden}
        #player .row{flex-wrap:nowrap}
        #track{position:relative;flex:1;height:34px}#track input{width:100%;margin:0}
        #marks{position:absolute;left:0;right:0;top:20px;height:12px}
        .mark{position:absolute;top:0;width:3px;height:12px;margin-left:-1px;border-radius:1px}
        .mark.haptic{background:var(--haptic)}.mark.checkpoint{background:#000;height:8px;top:4px;width:8px;margin-left:-4px;transform:rotate(45deg)}
        button:disabled,input:disabled{cursor:not-allowed;opacity:.45}
        [hidden]{display:none!important}
        </style></head><body>
        <h1>cropsim studio <span class="muted" id="mode"></span> <span class="muted" id="model"></span></h1>
        <div id="defs"></div>
        <div id="main">
          <div id="left">
            <div id="stage"><div id="frame"></div><div id="pulse" title="haptic"></div></div>
            <div id="player" hidden>
              <div class="row"><button id="play" aria-label="play">▶</button><div id="track"><input type="range" id="scrub" min="0" max="0" value="0" aria-label="tick"><div id="marks" aria-hidden="true"></div></div></div>
              <div class="row"><button id="branch">Record from this tick</button> <span class="muted">orange: haptics · ◆ checkpoints</span></div>
            </div>
          </div>
          <div id="side">
            <div class="muted">Drag = one finger · Alt-drag = pinch with a second finger mirrored about the mask center (circle around it to twist) · Alt+Shift-drag = two fingers side by side · double-click = double-tap · touch screens: real fingers.</div>
            <div id="readout"></div>
            <div>Haptics: <span id="haptics"></span></div>
            <div>Tips: <span id="tips"></span></div>
            <div id="violations"></div>
            <div id="notJudged" class="muted"></div>
            <div id="notice"></div>
            <h2>Controls <span class="muted" id="controlsNote"></span></h2>
            <div id="controls">
            <div class="row">Zoom slider <input type="range" id="slider" min="0" max="100" step="1" value="0"> <label><input type="checkbox" id="sliderAnimated" checked> animated</label>
              <button data-action="decrement">−</button><button data-action="increment">+</button><button data-action="recenter">Recenter</button><button data-action="rotate90" title="Turn 90° clockwise (allowRotation)">⟳ 90°</button></div>
            <div class="row"><button id="rotate">Rotate device</button> <input type="text" id="size" value="" style="width:90px" aria-label="view size"> <button id="resize">Resize</button>
              <button id="reduceMotion">Reduce Motion: off</button><button data-action="memoryWarning">Memory warning</button><button data-action="cancelTouches">Cancel touches</button></div>
            <div class="row"><button data-action="confirm">Confirm</button><button data-action="cancel">Cancel</button><button data-action="retry">Retry</button></div>
            </div>
            <h2>Recording</h2>
            <div class="row"><button id="new">New recording</button> <select id="scenarios"><option value="">Open…</option></select> <button id="open">Open</button></div>
            <div class="row"><label for="device">Device</label> <select id="device" title="Starts a new recording on this device; the saved file names it"><option value="">as started</option>\#(deviceOptions)</select> <span class="muted">starts a new recording</span></div>
            <h2>Save</h2>
            <div class="row"><input type="text" id="group" value="studio" aria-label="group"> / <input type="text" id="id" value="" placeholder="id" aria-label="id"> .json <label><input type="checkbox" id="overwrite"> Overwrite</label></div>
            <div class="row"><input type="text" id="name" style="width:100%" placeholder="name: what it shows"></div>
            <div class="row"><input type="text" id="description" style="width:100%" placeholder="description: why it matters"></div>
            <div class="row"><button id="save">Save</button> <span id="saved"></span></div>
          </div>
        </div>
        <script>
        """# + FrameDrawing.script + #"""
            (function(){
            var S={session:null,mode:'record',startMs:0,t0:0,frames:[],queue:[],inflight:false,shown:-1,img:[1,1],lastT:0,
              reduceMotion:false,openId:null,playing:null,rtt:[],rafTimes:[],down:{},virtual:null};
            // rtt: per batch [round trip ms, server µs, inputs]; rafTimes: animation frame times (fps).
            var $=function(id){return document.getElementById(id);};
            var stage=$('stage'),svg=null;
            function post(path,body){
              return fetch(path,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify(body)})
                .then(function(r){return r.json().then(function(j){if(!r.ok){var e=new Error(j.error||r.status);e.status=r.status;throw e;}return j;});});
            }
            function notice(m){$('notice').textContent=m||'';}
            // The recording clock: milliseconds since the recording began (a branch starts at its tick).
            function clock(ts){return S.startMs+((ts===undefined?performance.now():ts)-S.t0);}
            function tickAt(ms){return Math.floor(ms*60/1000);}
            function start(r){
              S.session=r.session;S.mode=r.mode;S.startMs=r.startMs;S.t0=performance.now();S.frames=r.frames;S.shown=-1;S.queue=[];
              S.img=r.imagePoints;S.photo=r.photoURL||null;S.lastT=r.startMs;S.settled=false;S.down={};S.virtual=null;stopPlay();
              $('defs').innerHTML=r.photoDefinitions;$('frame').innerHTML=r.frameSVG;svg=$('frame').querySelector('svg');
              attach(svg);$('mode').textContent=r.mode==='play'?'· playing '+S.openId+' (scrub, or record from a tick)':'· recording'+(r.startMs?' from '+(r.startMs/1000).toFixed(3)+' s':'');
              $('player').hidden=r.mode!=='play';$('scrub').max=String(Math.max(0,r.frames.length-1));$('scrub').value='0';
              if(!$('name').value)$('name').value=r.name;
              // An opened scenario (or a branch of it) keeps its description and its folder for Save.
              if(S.openId){if(!$('description').value)$('description').value=r.description||'';if(r.group)$('group').value=r.group;}
              controls(r.mode==='record');marks(r);
              var f=S.frames[0];$('size').value=f.vw+'x'+f.vh;notice('');$('saved').textContent='';$('device').value=r.device||'';
              $('model').textContent=r.model?'· model: '+r.model:'';$('notJudged').textContent=r.notJudged&&r.notJudged.length?'Not judged (the model does not implement them): '+r.notJudged.join(', '):'';
              document.documentElement.setAttribute('data-session',r.session);
              draw(r.mode==='play'?0:Math.max(0,tickAt(clock())));
            }
            // The stage's width: the whole phone fits the window's height below the stage's top, with the
            // player under it (a 900 px window once cut the phone off), and takes at most 55 % of the width.
            function size(f){var top=$('frame').getBoundingClientRect().top+window.scrollY,player=$('player').hidden?0:$('player').offsetHeight+4;
              var h=window.innerHeight-top-player-12;return Math.max(160,Math.min(h*f.vw/f.vh,window.innerWidth*0.55));}
            // Controls record steps, so they are off while an opened scenario plays (they did nothing, silently).
            function controls(on){document.querySelectorAll('#controls button,#controls input').forEach(function(e){e.disabled=!on;});
              $('controlsNote').textContent=on?'':'(off while playing: Record from this tick to use them)';}
            // Ticks under the scrubber: a haptic's tick in orange, a checkpoint's as a black diamond.
            function marks(r){var n=Math.max(1,r.frames.length-1),out=[];
              function at(t,cls,title){out.push('<span class="mark '+cls+'" style="left:calc(8px + (100% - 16px) * '+(Math.min(t,n)/n).toFixed(4)+')" title="'+title+'"></span>');}
              if(r.mode==='play'){r.frames.forEach(function(f){f.haptics.forEach(function(h){at(f.tick,'haptic',h+' at tick '+f.tick);});});
                (r.checkpointTicks||[]).forEach(function(t){at(t,'checkpoint','checkpoint at tick '+t);});}
              $('marks').innerHTML=out.join('');}
            // The readout in words a designer uses; the limits' names are the scenario format's.
            var PHASE={idle:'no gesture',pan:'dragging',pinch:'pinching'};
            var LIMIT={zoomMin:'smallest zoom',zoomMax:'largest zoom',panMinX:'moved fully left',panMaxX:'moved fully right',panMinY:'moved fully up',panMaxY:'moved fully down'};
            function limits(names){return names.map(function(x){return LIMIT[x]||x;}).join(', ');}
            function readout(f){
              function n(x,d){return (Math.round(x*Math.pow(10,d))/Math.pow(10,d)).toFixed(d);}
              function side(v,pos,neg,axis){return Math.abs(v)<0.005?'centred '+axis:n(Math.abs(v),1)+' pt '+(v>0?pos:neg);}
              var fingers=f.touches.length/2;
              return 'Time '+n(f.tick/60,3)+' s (tick '+f.tick+') · '+(PHASE[f.phase]||f.phase)+(f.animating?', settling':'')+' · editor '+f.session+
                '\nZoom '+n(f.scale,3)+'× · allowed '+n(f.sMin,3)+'× to '+n(f.sMax,3)+'× · zoom slider at '+n(f.slider,0)+' %'+
                '\nPhoto '+(Math.abs(f.tx)<0.005&&Math.abs(f.ty)<0.005?'centred':side(f.tx,'right','left','sideways')+', '+side(f.ty,'down','up','vertically'))+' · it can move up to '+n(f.maxTx,1)+' pt sideways, '+n(f.maxTy,1)+' pt up or down'+
                (f.angle?' · turned '+n(f.angle,1)+'°':'')+
                '\nScreen '+f.vw+' × '+f.vh+' pt · crop circle '+n(f.mask,0)+' pt across · '+(fingers?fingers+' finger'+(fingers>1?'s':'')+' down':'no fingers down')+
                '\nAt a limit: '+(limits(f.engaged)||'none')+(f.cut.length?' · this tick the editor held the gesture back at: '+limits(f.cut):'');
            }
            function frameAt(t){return S.frames.length?S.frames[Math.max(0,Math.min(t,S.frames.length-1))]:null;}
            // Draws tick t; pulses the haptics of the frames passed since the last draw.
            function draw(t){
              var f=frameAt(t);if(!f||!svg)return;
              cropsimDrawFrame(svg,{vw:f.vw,vh:f.vh,r:f.mask/2,img:S.img,scale:f.scale,tx:f.tx,ty:f.ty,grid:f.grid,instr:f.instr,touches:f.touches,
                angle:f.angle,guide:f.guide,label:f.rotation&&f.phase==='pinch'},size(f));
              var pulse=false;for(var k=Math.max(S.shown+1,0);k<=Math.min(t,S.frames.length-1);k++)if(S.frames[k].haptics.length)pulse=true;
              if(pulse&&S.mode!=='play'){$('pulse').className='on';setTimeout(function(){$('pulse').className='';},60);}
              S.shown=f.tick;
              var hs=[],tips=[],vs=[];for(var i=0;i<=f.tick&&i<S.frames.length;i++){var g=S.frames[i];hs=hs.concat(g.haptics);
                g.tips.forEach(function(x){if(tips.indexOf(x)<0)tips.push(x);});g.violations.forEach(function(v){vs.push('tick '+g.tick+' '+v);});}
              $('haptics').innerHTML=hs.map(function(h){return '<span>'+h+'</span>';}).join('');
              $('tips').textContent=tips.join(' · ');$('violations').textContent=vs.slice(0,6).join('\n')+(vs.length>6?' … ('+vs.length+')':'');
              stage.className=f.violations.length?'violation':'';
              $('readout').textContent=readout(f);
              if(document.activeElement!==$('slider'))$('slider').value=String(Math.round(f.slider));
              document.documentElement.setAttribute('data-tick',String(f.tick));
            }
            // Input: view points from the pointer's position on the drawn frame.
            function point(e){var r=svg.getBoundingClientRect(),f=frameAt(S.shown)||S.frames[0];return [(e.clientX-r.left)*f.vw/r.width,(e.clientY-r.top)*f.vh/r.height];}
            function sample(id,ts,p,phase){if(S.mode!=='record')return;var t=Math.max(S.lastT,clock(ts));S.lastT=t;S.queue.push({t:t,pointer:id,x:p[0],y:p[1],phase:phase});}
            // The second virtual finger: mirrored about the mask center (pinch; circling the center also
            // turns the pair, which is where twist comes from once rotation exists), or at a fixed offset.
            function second(p){var f=frameAt(S.shown);var c=[f.vw/2,f.vh/2];
              return S.virtual.mode==='parallel'?[p[0]+S.virtual.dx,p[1]+S.virtual.dy]:[2*c[0]-p[0],2*c[1]-p[1]];}
            var VIRTUAL=1000001;
            function attach(el){
              el.addEventListener('pointerdown',function(e){
                if(S.mode!=='record')return;e.preventDefault();el.setPointerCapture(e.pointerId);
                var p=point(e);S.down[e.pointerId]=true;sample(e.pointerId,e.timeStamp,p,'down');
                if(e.pointerType==='mouse'&&e.altKey){S.virtual={mode:e.shiftKey?'parallel':'mirror',dx:60,dy:0};sample(VIRTUAL,e.timeStamp,second(p),'down');}
              });
              el.addEventListener('pointermove',function(e){
                if(!S.down[e.pointerId])return;
                var events=e.getCoalescedEvents?e.getCoalescedEvents():[];if(!events.length)events=[e];
                events.forEach(function(c){var p=point(c);sample(e.pointerId,c.timeStamp,p,'move');if(S.virtual&&e.pointerType==='mouse')sample(VIRTUAL,c.timeStamp,second(p),'move');});
              });
              function end(phase){return function(e){if(!S.down[e.pointerId])return;delete S.down[e.pointerId];var p=point(e);
                sample(e.pointerId,e.timeStamp,p,phase);if(S.virtual&&e.pointerType==='mouse'){sample(VIRTUAL,e.timeStamp,second(p),phase);S.virtual=null;}};}
              el.addEventListener('pointerup',end('up'));el.addEventListener('pointercancel',end('cancel'));
              el.addEventListener('contextmenu',function(e){e.preventDefault();});
            }
            function action(name,extra){if(S.mode!=='record')return;var t=Math.max(S.lastT,clock());S.lastT=t;var a={t:t,action:name};for(var k in extra)a[k]=extra[k];S.queue.push(a);}
            document.querySelectorAll('button[data-action]').forEach(function(b){b.addEventListener('click',function(){action(b.getAttribute('data-action'));});});
            $('slider').addEventListener('change',function(){action($('sliderAnimated').checked?'slider':'sliderJump',{value:+$('slider').value});});
            $('rotate').addEventListener('click',function(){var f=frameAt(S.shown);action('resize',{width:f.vh,height:f.vw});});
            $('resize').addEventListener('click',function(){var m=/^(\d+)\s*[x×]\s*(\d+)$/.exec($('size').value.trim());if(!m){notice('size: write it as 393x852');return;}action('resize',{width:+m[1],height:+m[2]});});
            $('reduceMotion').addEventListener('click',function(){S.reduceMotion=!S.reduceMotion;action(S.reduceMotion?'reduceMotionOn':'reduceMotionOff');$('reduceMotion').textContent='Reduce Motion: '+(S.reduceMotion?'on':'off');});
            // The loop: draw the frame at the page's clock, and send what was done since the last batch
            // (one request in flight; the next carries everything that piled up meanwhile).
            function loop(ts){
              S.rafTimes.push(ts);if(S.rafTimes.length>600)S.rafTimes.shift();
              if(S.session&&S.mode==='record'){
                draw(Math.max(0,tickAt(clock())));
                // Once the server says nothing changes without new input, the page stops asking.
                if(!S.inflight&&(S.queue.length||!S.settled)){
                  var batch=S.queue.splice(0,S.queue.length),sent=performance.now(),session=S.session;S.inflight=true;
                  post('/api/input',{session:session,now:clock(),inputs:batch}).then(function(r){
                    S.rtt.push([performance.now()-sent,r.serverMicroseconds,batch.length]);if(S.rtt.length>5000)S.rtt.shift();
                    if(session!==S.session)return;S.frames.length=Math.min(S.frames.length,r.from);S.frames=S.frames.concat(r.frames);S.settled=r.settled&&!S.queue.length;
                    if(r.notice)notice(r.notice);
                  }).catch(function(e){
                    // Not taken (the studio busy, this connection replaced, or no answer): sent again with the next batch.
                    if(session===S.session&&(!e.status||e.status===503||e.status===429))S.queue=batch.concat(S.queue);
                    notice(String(e.message||e));
                  }).then(function(){S.inflight=false;});
                }
              }
              requestAnimationFrame(loop);
            }
            requestAnimationFrame(loop);
            window.addEventListener('resize',function(){if(S.shown>=0)draw(S.shown);});
            function stopPlay(){if(S.playing){clearInterval(S.playing);S.playing=null;$('play').textContent='▶';}}
            $('scrub').addEventListener('input',function(){stopPlay();draw(+$('scrub').value);});
            $('play').addEventListener('click',function(){if(S.playing){stopPlay();return;}if(+$('scrub').value>=+$('scrub').max)$('scrub').value='0';$('play').textContent='❚❚';
              S.playing=setInterval(function(){var i=+$('scrub').value+1;if(i>+$('scrub').max){stopPlay();return;}$('scrub').value=String(i);draw(i);},1000/60);});
            $('branch').addEventListener('click',function(){post('/api/session',{open:S.openId,branchTick:+$('scrub').value}).then(start).catch(function(e){notice(String(e.message||e));});});
            function fresh(){var d=$('device').value;S.openId=null;post('/api/session',d?{device:d}:{}).then(start).catch(function(e){notice(String(e.message||e));});}
            $('new').addEventListener('click',fresh);$('device').addEventListener('change',fresh);
            $('open').addEventListener('click',function(){var id=$('scenarios').value;if(!id)return;S.openId=id;$('name').value='';$('description').value='';post('/api/session',{open:id}).then(start).catch(function(e){notice(String(e.message||e));});});
            $('save').addEventListener('click',function(){
              var body={session:S.session,group:$('group').value.trim(),id:$('id').value.trim(),name:$('name').value,description:$('description').value,overwrite:$('overwrite').checked,now:clock()};
              // Wait for the batch in flight and send what is queued, so the file holds everything shown.
              function go(){if(S.inflight){setTimeout(go,10);return;}S.inflight=true;var batch=S.queue.splice(0,S.queue.length);
                post('/api/input',{session:S.session,now:clock(),inputs:batch}).then(function(){return post('/api/save',body);}).then(function(r){
                  $('saved').textContent='Saved '+r.path+' · replay '+(r.replayIdentical?'identical':'DIFFERS')+' ('+r.frames+' frames) · haptics '+(r.hapticSequence.join(', ')||'none');
                  $('saved').setAttribute('data-result',JSON.stringify(r));
                }).catch(function(e){$('saved').textContent='Not saved: '+(e.message||e);$('saved').setAttribute('data-result','{"error":'+JSON.stringify(String(e.message||e))+'}');})
                .then(function(){S.inflight=false;});}
              go();
            });
            fetch('/api/scenarios').then(function(r){return r.json();}).then(function(ids){ids.forEach(function(id){var o=document.createElement('option');o.value=id;o.textContent=id;$('scenarios').appendChild(o);});});
            // For scripts (scripts/check-studio) and the curious: what the page showed, and how fast.
            window.studio={
              frames:function(){return S.frames;},shownTick:function(){return S.shown;},photo:function(){return S.photo;},
              hapticSequence:function(){var hs=[];S.frames.forEach(function(f){hs=hs.concat(f.haptics);});return hs;},
              settled:function(){return S.settled&&!S.inflight&&!S.queue.length;},
              fps:function(){var t=S.rafTimes;return t.length>1?1000*(t.length-1)/(t[t.length-1]-t[0]):0;},
              batches:function(){return S.rtt.slice();},
              resetStats:function(){S.rtt=[];S.rafTimes=[];}
            };
            var q=new URLSearchParams(location.search).get('open');
            if(q){S.openId=q;post('/api/session',{open:q}).then(start).catch(function(e){notice(String(e.message||e));});}
            else post('/api/session',{}).then(start).catch(function(e){notice(String(e.message||e));});
            })();
            </script></body></html>
            """#

    /// The picker's presets, from `DevicePreset` (the same list scenarios and `--device` take).
    static let deviceOptions = DevicePreset.all.map {
        "<option value=\"\($0.name)\">\(escapeMarkup($0.name)) · \(formatNumber($0.view.width))×\(formatNumber($0.view.height)) @\(formatNumber($0.screenScale))</option>"
    }.joined()
}
